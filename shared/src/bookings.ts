import * as z from 'zod/mini';
import { dollarsSchema } from './money';

/** A required text field: trimmed, with "{label} is required" and "{label} is too long". */
export const required = (label: string, max = 200) =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, `${label} is required`),
      z.maxLength(max, `${label} is too long`),
    );

/** An e-mail field, stored lower-case. */
export const emailField = () =>
  z.pipe(
    z.string().check(z.trim(), z.email('Enter a valid email address'), z.maxLength(254)),
    z.transform((e) => e.toLowerCase()),
  );

/** A discount code as typed: trimmed and upper-cased ("spring25 " is SPRING25). */
export const discountCodeField = () =>
  z.pipe(
    z.string().check(z.trim(), z.maxLength(40, 'That code is too long')),
    z.transform((code) => code.toUpperCase()),
  );

/** The booking forms' optional discount code (issue 34): empty when none was typed. */
export const bookingDiscountCodeField = () => z._default(discountCodeField(), '');

/** A gift card code as typed: upper-cased, spaces and dashes dropped ("tc-ab12 cd34" is TCAB12CD34). */
export const giftCardCodeField = () =>
  z.pipe(
    z.string().check(z.trim(), z.maxLength(40, 'That code is too long')),
    z.transform((code) => code.toUpperCase().replace(/[\s-]/g, '')),
  );

/**
 * What the booking forms add for issue 34's balances: a gift card code typed at checkout and the
 * referral code of the link the visitor came by; both empty when there is none.
 */
export const prepaidFields = {
  giftCardCode: z._default(giftCardCodeField(), ''),
  referralCode: z._default(
    z.pipe(
      z.string().check(z.trim(), z.maxLength(20, 'That referral code is too long')),
      z.transform((code) => code.toUpperCase()),
    ),
    '',
  ),
};

/** What referral credit and a gift card took off a booking, and what became of a referral code. */
export const prepaidAnswerFields = {
  creditAmount: z._default(dollarsSchema, '0.00'),
  giftCardAmount: z._default(dollarsSchema, '0.00'),
  /** Said when the booking named a referral code: the credit applied, or why not. */
  referralMessage: z._default(z.nullable(z.string()), null),
};

export const zipField = () =>
  z.string().check(z.trim(), z.regex(/^\d{5}$/, 'ZIP code must be 5 digits'));

export const scheduledDateField = () =>
  z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Please select a preferred date and time'));
export const scheduledTimeField = () =>
  z.string().check(z.regex(/^\d{2}:\d{2}$/, 'Please select a preferred date and time'));

/**
 * What a signed-in client's booking adds (issue 31): a saved home or a new one (saved on
 * booking), its private notes, and how often the visit repeats. Guests book once, with no home.
 */
export const homeAndFrequencyFields = {
  /** A saved home of the client's; its address is used whatever the form sent. */
  homeId: z._default(z.nullable(z.string().check(z.uuid('Choose one of your saved homes'))), null),
  parkingNotes: z._default(
    z.string().check(z.trim(), z.maxLength(500, 'Parking notes are too long')),
    '',
  ),
  /** Lockbox or door code, alarm, where the key is: sealed at rest, for the day's provider only. */
  entryNotes: z._default(
    z.string().check(z.trim(), z.maxLength(1000, 'Entry notes are too long')),
    '',
  ),
  frequency: z._default(z.enum(['once', 'weekly', 'biweekly', 'every_4_weeks']), 'once'),
};

const houseBookingFields = z.object({
  clientFirstName: required('First name', 100),
  clientLastName: required('Last name', 100),
  clientEmail: emailField(),
  clientPhone: required('Phone', 30),
  address: required('Address'),
  city: required('City', 100),
  state: z.enum(['MN', 'OH', 'WA']),
  zipCode: zipField(),
  homeSize: z.enum(['small', 'medium', 'large']),
  squareFeet: z.union([
    z.null(),
    z.pipe(
      z.literal(''),
      z.transform(() => null),
    ),
    z.coerce.number().check(
      z.int(),
      z.gte(100, 'Square feet must be at least 100'),
      z.lte(10000, 'Square feet must be at most 10,000'),
      z.refine((n) => n % 100 === 0, 'Square feet goes in steps of 100'),
    ),
  ]),
  numberOfFloors: z.union([z.literal(1), z.literal(2)]),
  bedroomCount: z.number().check(z.int(), z.gte(0), z.lte(6)),
  fullBathroomCount: z.number().check(z.int(), z.gte(0), z.lte(5)),
  halfBathroomCount: z.number().check(z.int(), z.gte(0), z.lte(3)),
  hasKitchen: z.boolean(),
  hasLivingRoom: z.boolean(),
  greenCleaning: z.boolean(),
  scheduledDate: scheduledDateField(),
  scheduledTime: scheduledTimeField(),
  clientNotes: z._default(z.string().check(z.maxLength(2000, 'Notes are too long')), ''),
  discountCode: bookingDiscountCodeField(),
  ...prepaidFields,
  hasPets: z._default(z.boolean(), false),
  petDetails: z._default(z.string().check(z.maxLength(1000)), ''),
  addOns: z
    ._default(
      z
        .array(
          z.object({
            id: z.string().check(z.minLength(1)),
            quantity: z.number().check(z.int(), z.gte(0), z.lte(50)),
          }),
        )
        .check(z.maxLength(20)),
      [],
    )
    .check(
      z.refine(
        (list) => new Set(list.map((a) => a.id)).size === list.length,
        'Each add-on may appear once',
      ),
    ),
  ...homeAndFrequencyFields,
});

const roomFields = z.pick(houseBookingFields, {
  bedroomCount: true,
  fullBathroomCount: true,
  halfBathroomCount: true,
  hasKitchen: true,
  hasLivingRoom: true,
});

/**
 * POST /api/bookings, the wizard's payload (spec 1 §3). Prices, hours and selected rooms the
 * browser sends are not read: the server computes them from these facts.
 */
export const houseBookingSchema = houseBookingFields.check(
  z.refine(
    (b) =>
      b.bedroomCount + b.fullBathroomCount + b.halfBathroomCount > 0 ||
      b.hasKitchen ||
      b.hasLivingRoom,
    {
      message: 'Please specify at least one room to clean',
      path: ['bedroomCount'],
      // By default zod skips an object's refinements once any field fails its type (missing or
      // mistyped anywhere). The rule reads only the rooms, so it runs whenever they are valid:
      // the wizard checks rooms on step 2, whatever the later steps hold.
      when: (payload) => roomFields.safeParse(payload.value).success,
    },
  ),
);
export type HouseBookingInput = z.input<typeof houseBookingSchema>;

export const createdBookingSchema = z.object({
  id: z.string().check(z.uuid()),
  status: z.literal('pending_assignment'),
  totalHours: z.number(),
  hourlyRate: dollarsSchema,
  totalAmount: dollarsSchema,
  depositAmount: dollarsSchema,
  /** What a discount code took off the total (issue 34). */
  discountAmount: z._default(dollarsSchema, '0.00'),
  ...prepaidAnswerFields,
  /** The series this booking starts when it repeats; null for a one-time booking. */
  seriesId: z._default(z.nullable(z.string()), null),
});
export type CreatedBooking = z.infer<typeof createdBookingSchema>;
