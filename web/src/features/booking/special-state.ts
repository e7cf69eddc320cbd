import type { CurrentUser } from '@twinclean/shared/auth';
import type { DryCleaningItemId } from '@twinclean/shared/services';
import { dryCleaningItems } from '@twinclean/shared/services';
import type {
  CarpetBookingInput,
  DryCleaningBookingInput,
  LaundryBookingInput,
} from '@twinclean/shared/special-bookings';

// The special-service forms' values (each form's payload as its schema reads it), defaults
// and the spec's submit checks (spec 2 §2, §5).

const contactDefaults = { firstName: '', lastName: '', email: '', phone: '' };
const scheduleDefaults = { scheduledDate: '', scheduledTime: '' };

export const carpetDefaults: CarpetBookingInput = {
  ...contactDefaults,
  address: '',
  city: '',
  state: 'MN',
  zipCode: '',
  bedrooms: 0,
  livingRooms: 0,
  stairs: 0,
  greenCleaning: false,
  ...scheduleDefaults,
};

export const laundryDefaults: LaundryBookingInput = {
  ...contactDefaults,
  pickupAddress: '',
  pickupCity: '',
  pickupState: 'MN',
  pickupZipCode: '',
  sameAsPickup: true,
  dropoffAddress: '',
  dropoffCity: '',
  dropoffState: 'MN',
  dropoffZipCode: '',
  numberOfLoads: 1,
  greenCleaning: false,
  ...scheduleDefaults,
  homeId: null,
  parkingNotes: '',
  entryNotes: '',
  frequency: 'once',
};

export const dryCleaningDefaults: DryCleaningBookingInput = {
  ...contactDefaults,
  pickupAddress: '',
  pickupCity: '',
  pickupState: 'MN',
  pickupZip: '',
  dropoffSameAsPickup: true,
  dropoffAddress: '',
  dropoffCity: '',
  dropoffState: 'MN',
  dropoffZip: '',
  // Every item is on the list from the start, at 0.
  items: Object.fromEntries(dryCleaningItems.map((item) => [item.id, 0])),
  greenCleaning: false,
  ...scheduleDefaults,
  specialInstructions: '',
};

/** The order's items without the zeros: the payload names what is to be cleaned. */
export const chosenItems = (
  items: Partial<Record<DryCleaningItemId, number>>,
): Partial<Record<DryCleaningItemId, number>> =>
  Object.fromEntries(Object.entries(items).filter(([, n]) => (n ?? 0) > 0));

/** Pickup fields and the drop-off fields they are copied to while drop-off is the same. */
export const LAUNDRY_DROPOFF = {
  pickupAddress: 'dropoffAddress',
  pickupCity: 'dropoffCity',
  pickupZipCode: 'dropoffZipCode',
} as const;
export const DRY_CLEANING_DROPOFF = {
  pickupAddress: 'dropoffAddress',
  pickupCity: 'dropoffCity',
  pickupZip: 'dropoffZip',
} as const;

export type Problem = { title: string; description: string };
type Check = { fields: readonly string[]; problem: Problem };

const CONTACT = ['firstName', 'lastName', 'email', 'phone'] as const;
type Contact = Record<(typeof CONTACT)[number], string>;

const contact: Check = {
  fields: CONTACT,
  problem: {
    title: 'Missing Information',
    description: 'Please fill in all contact information fields.',
  },
};
// The spec words only the carpet address and the drop-off; pickup follows their wording.
const pickup = (zip: string): Check => ({
  fields: ['pickupAddress', 'pickupCity', 'pickupState', zip],
  problem: {
    title: 'Missing Pickup Address',
    description: 'Please provide your complete pickup address.',
  },
});
const dropoff = (zip: string): Check => ({
  fields: ['dropoffAddress', 'dropoffCity', 'dropoffState', zip],
  problem: {
    title: 'Missing Dropoff Address',
    description: 'Please provide your complete dropoff address.',
  },
});
const schedule = (description: string): Check => ({
  fields: ['scheduledDate', 'scheduledTime'],
  problem: { title: 'Missing Schedule', description },
});

/** Spec 2 §5, in the spec's order: the first group with a problem names the toast. */
export const CARPET_CHECKS: readonly Check[] = [
  contact,
  {
    fields: ['address', 'city', 'state', 'zipCode'],
    problem: { title: 'Missing Address', description: 'Please provide your complete address.' },
  },
  schedule('Please select a date and time for your service.'),
  {
    fields: ['bedrooms', 'livingRooms'],
    problem: {
      title: 'No Rooms Selected',
      description: 'Please select at least one bedroom or living room.',
    },
  },
];

export const LAUNDRY_CHECKS: readonly Check[] = [
  contact,
  pickup('pickupZipCode'),
  dropoff('dropoffZipCode'),
  schedule('Please select a date and time for pickup.'),
  {
    fields: ['numberOfLoads'],
    problem: {
      title: 'Invalid Load Count',
      description: 'Please select at least one load of laundry.',
    },
  },
];

export const DRY_CLEANING_CHECKS: readonly Check[] = [
  contact,
  pickup('pickupZip'),
  dropoff('dropoffZip'),
  schedule('Please select a date and time for pickup.'),
  {
    fields: ['items'],
    problem: { title: 'No Items Selected', description: 'Please add at least one item to clean.' },
  },
];

/**
 * The toast for a refused submit: the first of the spec's groups holding an invalid field, or
 * null when none does (a too-long note: its message under the field says it all).
 */
export function firstProblem(checks: readonly Check[], invalid: readonly string[]): Problem | null {
  return checks.find((check) => check.fields.some((f) => invalid.includes(f)))?.problem ?? null;
}

/** Contact fields the signed-in user can fill, leaving alone whatever was already typed. */
export function contactPrefill(values: Contact, user: CurrentUser | null): Partial<Contact> {
  if (!user) return {};
  const known: Contact = {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone ?? '',
  };
  return Object.fromEntries(
    CONTACT.filter((f) => !values[f] && known[f]).map((f) => [f, known[f]]),
  );
}
