import type { CurrentUser } from '@twinclean/shared/auth';
import type { HouseBookingInput, houseBookingSchema } from '@twinclean/shared/bookings';
import { defaultHouseRooms } from '@twinclean/shared/pricing';
import type { UseFormReturn } from 'react-hook-form';
import type * as z from 'zod/mini';

/** The wizard's values are the POST /api/bookings payload as the schema reads it. */
export type WizardValues = HouseBookingInput;
/** Submitting gives the schema's output, which the API accepts as it is. */
export type WizardForm = UseFormReturn<WizardValues, unknown, z.output<typeof houseBookingSchema>>;
export type WizardField = keyof WizardValues;
export type AddOnChoice = NonNullable<WizardValues['addOns']>[number];

/** Spec 1 §3 wizard defaults. Notes and pets are not asked: the schema's defaults are sent. */
export const wizardDefaults: WizardValues = {
  clientFirstName: '',
  clientLastName: '',
  clientEmail: '',
  clientPhone: '',
  address: '',
  city: '',
  state: 'MN',
  zipCode: '',
  homeSize: 'medium',
  squareFeet: '',
  ...defaultHouseRooms,
  greenCleaning: false,
  scheduledDate: '',
  scheduledTime: '',
  addOns: [],
  homeId: null,
  parkingNotes: '',
  entryNotes: '',
  frequency: 'once',
};

export const STEPS = ['Contact', 'Property & Services', 'Schedule', 'Review'] as const;

const CONTACT = ['clientFirstName', 'clientLastName', 'clientEmail', 'clientPhone'] as const;
const ADDRESS = ['address', 'city', 'state', 'zipCode'] as const;
const ROOMS = [
  'bedroomCount',
  'fullBathroomCount',
  'halfBathroomCount',
  'hasKitchen',
  'hasLivingRoom',
] as const;
const SCHEDULE = ['scheduledDate', 'scheduledTime'] as const;
const HOME = ['homeId', 'parkingNotes', 'entryNotes'] as const;

/** What each step asks for, so Continue validates exactly that step (the review asks nothing). */
export const STEP_FIELDS: readonly (readonly WizardField[])[] = [
  CONTACT,
  [
    ...HOME,
    ...ADDRESS,
    'homeSize',
    'squareFeet',
    'numberOfFloors',
    ...ROOMS,
    'greenCleaning',
    'addOns',
  ],
  [...SCHEDULE, 'frequency'],
  // The review's optional discount code and gift card (issue 34).
  ['discountCode', 'giftCardCode'],
];

type StepToast = { title: string; description: string };

/** Spec 1 §5: a step's toast for the first group with a problem, in the spec's order. */
const STEP_TOASTS: readonly (readonly { fields: readonly WizardField[]; toast: StepToast }[])[] = [
  [
    {
      fields: CONTACT,
      toast: { title: 'Missing Information', description: 'Please fill in all contact fields' },
    },
  ],
  [
    {
      fields: ADDRESS,
      toast: { title: 'Missing Address', description: 'Please fill in complete address' },
    },
    {
      fields: ROOMS,
      toast: { title: 'Select Rooms', description: 'Please specify at least one room to clean' },
    },
  ],
  [
    {
      fields: SCHEDULE,
      toast: {
        title: 'Select Date & Time',
        description: 'Please select a preferred date and time',
      },
    },
  ],
  [],
];

/**
 * The toast for a step that did not validate, or null when none of its spec groups failed
 * (square feet out of range: its message under the field says it all).
 */
export function stepToast(
  step: number,
  invalid: (field: WizardField) => boolean,
): StepToast | null {
  const group = STEP_TOASTS[step]?.find(({ fields }) => fields.some(invalid));
  return group?.toast ?? null;
}

/** The first step asking for any of these fields (where to send the user back to). */
export const stepOf = (fields: readonly WizardField[]): number =>
  STEP_FIELDS.findIndex((stepFields) => stepFields.some((field) => fields.includes(field)));

/** Contact fields the signed-in user can fill, leaving alone whatever was already typed. */
export function contactPrefill(
  values: Pick<WizardValues, (typeof CONTACT)[number]>,
  user: CurrentUser | null,
): Partial<Pick<WizardValues, (typeof CONTACT)[number]>> {
  if (!user) return {};
  const known = {
    clientFirstName: user.firstName,
    clientLastName: user.lastName,
    clientEmail: user.email,
    clientPhone: user.phone ?? '',
  };
  return Object.fromEntries(
    CONTACT.filter((f) => !values[f] && known[f]).map((f) => [f, known[f]]),
  );
}

/** Sets one add-on's quantity; at 0 it leaves the list (the payload carries chosen add-ons). */
export function withQuantity(
  list: readonly AddOnChoice[],
  id: string,
  quantity: number,
): AddOnChoice[] {
  if (quantity <= 0) return list.filter((a) => a.id !== id);
  return list.some((a) => a.id === id)
    ? list.map((a) => (a.id === id ? { id, quantity } : a))
    : [...list, { id, quantity }];
}
