import * as z from 'zod/mini';
import {
  bookingDiscountCodeField,
  emailField,
  homeAndFrequencyFields,
  prepaidAnswerFields,
  prepaidFields,
  required,
  scheduledDateField,
  scheduledTimeField,
  zipField,
} from './bookings';
import { dollarsSchema } from './money';
import { dryCleaningItemIdSchema } from './services';

// The special-service forms' payloads (spec 2 §3, §5; DECISIONS.md "Special services"). Prices
// the browser might send are not read: the server computes them from these facts.

const contact = {
  firstName: required('First name', 100),
  lastName: required('Last name', 100),
  email: emailField(),
  phone: required('Phone', 30),
};

/** The state is fixed: the service area is the Twin Cities. */
const minnesota = () => z.literal('MN', 'We serve Minnesota (MN) only');

const schedule = { scheduledDate: scheduledDateField(), scheduledTime: scheduledTimeField() };

const count = (label: string, min: number, max: number) =>
  z
    .number(`${label} must be a number`)
    .check(
      z.int(`${label} must be a whole number`),
      z.gte(min, `${label} must be at least ${min}`),
      z.lte(max, `${label} must be at most ${max}`),
    );

export const CARPET_LIMITS = { bedrooms: 20, livingRooms: 10, stairs: 10 } as const;
export const LAUNDRY_LOADS = { min: 1, max: 20 } as const;
export const DRY_CLEANING_MAX_PER_ITEM = 50;

const carpetFields = z.object({
  ...contact,
  address: required('Address'),
  city: required('City', 100),
  state: minnesota(),
  zipCode: zipField(),
  bedrooms: count('Bedrooms', 0, CARPET_LIMITS.bedrooms),
  livingRooms: count('Living rooms', 0, CARPET_LIMITS.livingRooms),
  stairs: count('Stairs', 0, CARPET_LIMITS.stairs),
  greenCleaning: z._default(z.boolean(), false),
  ...schedule,
  discountCode: bookingDiscountCodeField(),
  ...prepaidFields,
});
const carpetRooms = z.pick(carpetFields, { bedrooms: true, livingRooms: true });

/** POST /api/bookings/carpet. */
export const carpetBookingSchema = carpetFields.check(
  z.refine((b) => b.bedrooms + b.livingRooms > 0, {
    message: 'Please select at least one bedroom or living room',
    path: ['bedrooms'],
    // Checked whenever the counts themselves are valid, whatever else is missing.
    when: (payload) => carpetRooms.safeParse(payload.value).success,
  }),
);
export type CarpetBookingInput = z.input<typeof carpetBookingSchema>;
export type CarpetBooking = z.output<typeof carpetBookingSchema>;

/** Drop-off fields: read only when drop-off is not the pickup address. */
const optionalText = (max: number) => z._default(z.string().check(z.trim(), z.maxLength(max)), '');

/** When drop-off differs from pickup, each of its fields is required and the ZIP must be valid. */
function dropoffRequired<T extends Record<string, unknown>>(
  same: (value: T) => boolean,
  fields: { address: keyof T & string; city: keyof T & string; zip: keyof T & string },
) {
  return z.superRefine<T>((value, ctx) => {
    if (same(value)) return;
    const missing = (key: string, message: string) =>
      ctx.addIssue({ code: 'custom', message, path: [key], input: value[key] });
    if (!value[fields.address]) missing(fields.address, 'Dropoff address is required');
    if (!value[fields.city]) missing(fields.city, 'Dropoff city is required');
    if (!/^\d{5}$/.test(String(value[fields.zip] ?? ''))) {
      missing(fields.zip, 'ZIP code must be 5 digits');
    }
  });
}

const laundryFields = z.object({
  ...contact,
  pickupAddress: required('Pickup address'),
  pickupCity: required('Pickup city', 100),
  pickupState: minnesota(),
  pickupZipCode: zipField(),
  sameAsPickup: z._default(z.boolean(), true),
  dropoffAddress: optionalText(200),
  dropoffCity: optionalText(100),
  dropoffState: z._default(minnesota(), 'MN'),
  dropoffZipCode: optionalText(5),
  numberOfLoads: z
    .number('Please select at least one load of laundry.')
    .check(
      z.int('Please select at least one load of laundry.'),
      z.gte(LAUNDRY_LOADS.min, 'Please select at least one load of laundry.'),
      z.lte(LAUNDRY_LOADS.max, `At most ${LAUNDRY_LOADS.max} loads`),
    ),
  greenCleaning: z._default(z.boolean(), false),
  ...schedule,
  discountCode: bookingDiscountCodeField(),
  ...prepaidFields,
  ...homeAndFrequencyFields,
});

/** POST /api/bookings/laundry. */
export const laundryBookingSchema = laundryFields.check(
  dropoffRequired<z.output<typeof laundryFields>>((b) => b.sameAsPickup, {
    address: 'dropoffAddress',
    city: 'dropoffCity',
    zip: 'dropoffZipCode',
  }),
);
export type LaundryBookingInput = z.input<typeof laundryBookingSchema>;
export type LaundryBooking = z.output<typeof laundryBookingSchema>;

const itemCount = z
  .number('Item counts must be numbers')
  .check(
    z.int('Item counts must be whole numbers'),
    z.gte(0, 'Item counts cannot go below 0'),
    z.lte(DRY_CLEANING_MAX_PER_ITEM, `At most ${DRY_CLEANING_MAX_PER_ITEM} of one item`),
  );

const dryCleaningFields = z.object({
  ...contact,
  pickupAddress: required('Pickup address'),
  pickupCity: required('Pickup city', 100),
  pickupState: minnesota(),
  pickupZip: zipField(),
  dropoffSameAsPickup: z._default(z.boolean(), true),
  dropoffAddress: optionalText(200),
  dropoffCity: optionalText(100),
  dropoffState: z._default(minnesota(), 'MN'),
  dropoffZip: optionalText(5),
  items: z.partialRecord(dryCleaningItemIdSchema, itemCount),
  greenCleaning: z._default(z.boolean(), false),
  ...schedule,
  discountCode: bookingDiscountCodeField(),
  ...prepaidFields,
  specialInstructions: z._default(
    z.string().check(z.trim(), z.maxLength(2000, 'Special instructions are too long')),
    '',
  ),
});

/** How many items a rug and dry-cleaning order holds. */
export const itemTotal = (items: Partial<Record<string, number | undefined>>): number =>
  Object.values(items).reduce<number>((sum, n) => sum + (n ?? 0), 0);

/** POST /api/bookings/dry-cleaning. */
export const dryCleaningBookingSchema = dryCleaningFields.check(
  dropoffRequired<z.output<typeof dryCleaningFields>>((b) => b.dropoffSameAsPickup, {
    address: 'dropoffAddress',
    city: 'dropoffCity',
    zip: 'dropoffZip',
  }),
  z.refine((b) => itemTotal(b.items) > 0, {
    message: 'Please add at least one item to clean.',
    path: ['items'],
  }),
);
export type DryCleaningBookingInput = z.input<typeof dryCleaningBookingSchema>;
export type DryCleaningBooking = z.output<typeof dryCleaningBookingSchema>;

export const specialServiceTypeSchema = z.enum(['carpet', 'laundry', 'dry_cleaning']);
export type SpecialServiceType = z.infer<typeof specialServiceTypeSchema>;

/**
 * The answer to a special-service booking (201). `priceIsFinal` is false for carpet and rugs:
 * their total is the estimate booked at, confirmed after pickup.
 */
export const createdSpecialBookingSchema = z.object({
  id: z.string().check(z.uuid()),
  serviceType: specialServiceTypeSchema,
  status: z.literal('pending_assignment'),
  totalAmount: dollarsSchema,
  depositAmount: dollarsSchema,
  /** What a discount code took off the total (issue 34). */
  discountAmount: z._default(dollarsSchema, '0.00'),
  ...prepaidAnswerFields,
  priceIsFinal: z.boolean(),
  scheduledDate: z.string(),
  scheduledTime: z.string(),
  /** The series a recurring laundry pickup starts; null for a one-time booking. */
  seriesId: z._default(z.nullable(z.string()), null),
});
export type CreatedSpecialBooking = z.infer<typeof createdSpecialBookingSchema>;
