import * as z from 'zod/mini';
import { cancelTermsSchema } from './booking-policy';
import { bookingStatusSchema } from './booking-status';
import { required } from './bookings';
import { finalPriceSchema, priceProposalSchema } from './final-price';
import { dollarsSchema } from './money';
import { paymentOptionSchema, paymentSchema } from './payments';
import { photoViewSchema } from './photos';
import { jobDetailsSchema } from './provider-jobs';
import { PUNCH_RULES } from './punch-rules';
import { subscriptionTypeSchema } from './roles';
import { serviceTypeSchema } from './services';

// The admin booking details page and its actions (DECISIONS.md "Admin operations").

const uuid = (name: string) => z.string().check(z.uuid(`${name} must be a UUID`));
const when = z.nullable(z.string());

/** Whether an action is open now, and if not why: the page shows the reason, the API says it. */
export const actionTermsSchema = z.union([
  z.object({ allowed: z.literal(true) }),
  z.object({ allowed: z.literal(false), reason: z.string() }),
]);
export type ActionTerms = z.infer<typeof actionTermsSchema>;

const photoSchema = photoViewSchema;

/** A clock-in or clock-out as the server received it, applied or refused. */
export const adminPunchSchema = z.object({
  id: z.number(),
  type: z.enum(['clock_in', 'clock_out']),
  /** False for a punch the server refused (the job was canceled, already clocked in...). */
  applied: z.boolean(),
  /** The time it counts at: the device's when believed, else the server's receipt. */
  occurredAt: z.string(),
  receivedAt: z.string(),
  deviceOccurredAt: when,
  offline: z.boolean(),
  latitude: z.nullable(z.number()),
  longitude: z.nullable(z.number()),
  accuracyM: z.nullable(z.number()),
  /** Metres from the job's map point; null without a fix or a job point. */
  distanceM: z.nullable(z.number()),
  geofenceVerified: z.boolean(),
  unverifiedReason: z.nullable(z.string()),
  suspicionReason: z.nullable(z.string()),
});
export type AdminPunch = z.infer<typeof adminPunchSchema>;

/** The job's payout, with why it waits for an admin when it does. */
export const adminBookingPayoutSchema = z.object({
  id: z.string(),
  status: z.enum(['pending', 'paid']),
  hoursWorked: z.number(),
  hoursPaid: z.number(),
  /** Null on a fixed-price job, which pays a share of its price instead. */
  hourlyRate: z.nullable(dollarsSchema),
  sharePercent: z.nullable(z.number()),
  baseAmount: dollarsSchema,
  waitPay: dollarsSchema,
  /** An auction board bonus (0.00 when the job was not claimed from a post). */
  bonus: dollarsSchema,
  totalAmount: dollarsSchema,
  geofenceVerified: z.boolean(),
  /** Flagged punches or capped hours; null once reviewed or when nothing was odd. */
  reviewReason: z.nullable(z.string()),
  reviewedAt: when,
  reviewedBy: z.nullable(z.string()),
  paidAt: when,
  paidBy: z.nullable(z.string()),
});
export type AdminBookingPayout = z.infer<typeof adminBookingPayoutSchema>;

/** A payment with its gateway ids and the refunds made on it. */
export const adminPaymentSchema = z.extend(paymentSchema, {
  gateway: z.string(),
  gatewayPaymentId: z.string(),
  failureMessage: z.nullable(z.string()),
  refunds: z.array(
    z.object({
      id: z.string(),
      amount: dollarsSchema,
      reason: z.string(),
      gatewayRefundId: z.string(),
      createdAt: z.string(),
      createdBy: z.nullable(z.string()),
    }),
  ),
});

/** GET /api/admin/bookings/{id}: everything about one booking, and what can be done now. */
export const adminBookingSchema = z.object({
  id: z.string(),
  serviceType: serviceTypeSchema,
  status: bookingStatusSchema,
  createdAt: z.string(),
  client: z.object({
    /** Null for a guest, who booked without an account. */
    id: z.nullable(z.string()),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string(),
    /** The account's membership today; null for a guest. */
    membership: z.nullable(subscriptionTypeSchema),
    /** The membership the booking was priced at (it keeps that price). */
    bookedAs: subscriptionTypeSchema,
  }),
  schedule: z.object({
    scheduledDate: z.string(),
    scheduledTime: z.string(),
    scheduledAt: z.string(),
    /** The job's length in hours (house: booked; special services: DECISIONS.md's length). */
    totalHours: z.nullable(z.number()),
  }),
  address: z.object({
    address: z.string(),
    city: z.string(),
    state: z.string(),
    zipCode: z.string(),
  }),
  /** The job's map point the punches are measured from, and how precise it is. */
  location: z.nullable(
    z.object({
      latitude: z.number(),
      longitude: z.number(),
      precision: z.enum(['address', 'zip']),
    }),
  ),
  house: z.nullable(
    z.object({
      homeSize: z.enum(['small', 'medium', 'large']),
      squareFeet: z.nullable(z.number()),
      numberOfFloors: z.number(),
      bedroomCount: z.number(),
      fullBathroomCount: z.number(),
      halfBathroomCount: z.number(),
      hasKitchen: z.boolean(),
      hasLivingRoom: z.boolean(),
      selectedRooms: z.array(z.string()),
      hasPets: z.boolean(),
      petDetails: z.string(),
    }),
  ),
  addOns: z.array(z.object({ name: z.string(), quantity: z.number(), amount: dollarsSchema })),
  /** Carpet rooms and stairs, laundry loads, rug and garment items, with pickup/drop-off. */
  details: z.nullable(jobDetailsSchema),
  greenCleaning: z.boolean(),
  clientNotes: z.string(),
  price: z.object({
    priceIsFinal: z.boolean(),
    /** Carpet and rug: the estimate booked at; null when the price was final at booking. */
    estimatedAmount: z.nullable(dollarsSchema),
    /** A confirmed price waiting for the client's approval (the owner may approve it too). */
    priceProposal: z.nullable(priceProposalSchema),
    /** An assigned carpet or rug job whose final price nobody has confirmed yet. */
    priceToConfirm: z.boolean(),
    hourlyRate: z.nullable(dollarsSchema),
    baseAmount: dollarsSchema,
    greenCleaningFee: dollarsSchema,
    addOnsTotal: dollarsSchema,
    /** What a discount code took off (issue 34); 0.00 without one. */
    discountAmount: z._default(dollarsSchema, '0.00'),
    /** Referral credit and gift card balance spent on it (issue 34). */
    creditAmount: z._default(dollarsSchema, '0.00'),
    giftCardAmount: z._default(dollarsSchema, '0.00'),
    totalAmount: dollarsSchema,
    depositAmount: dollarsSchema,
    /** Net of refunds. */
    amountPaid: dollarsSchema,
    amountRefunded: dollarsSchema,
    /** What is left to pay (0.00 once canceled). */
    balance: dollarsSchema,
    cancellationFee: z.nullable(dollarsSchema),
  }),
  payments: z.array(adminPaymentSchema),
  payLink: z.object({
    /** What a pay link asks for now (the first payment choice), or null when nothing is due. */
    due: z.nullable(z.object({ option: paymentOptionSchema, amount: dollarsSchema })),
    depositRequestedAt: when,
    balanceRequestedAt: when,
    /** Every link e-mailed for this booking, newest first; all are live while something is due. */
    sent: z.array(z.object({ purpose: paymentOptionSchema, createdAt: z.string() })),
  }),
  provider: z.nullable(
    z.object({
      id: z.string(),
      name: z.string(),
      email: z.string(),
      phone: z.nullable(z.string()),
    }),
  ),
  assignedAt: when,
  enRouteAt: when,
  clockInAt: when,
  clockOutAt: when,
  punches: z.array(adminPunchSchema),
  payout: z.nullable(adminBookingPayoutSchema),
  photos: z.object({ before: z.array(photoSchema), after: z.array(photoSchema) }),
  cancellation: z.nullable(
    z.object({
      canceledAt: z.string(),
      reason: z.nullable(z.string()),
      fee: z.nullable(dollarsSchema),
      canceledBy: z.nullable(z.string()),
    }),
  ),
  actions: z.object({
    assign: actionTermsSchema,
    unassign: actionTermsSchema,
    confirmPrice: actionTermsSchema,
    cancel: cancelTermsSchema,
    resendPayLink: actionTermsSchema,
    reviewPayout: actionTermsSchema,
  }),
});
export type AdminBooking = z.infer<typeof adminBookingSchema>;

/** Every action answers the booking as it now stands. */
export const adminBookingAnswerSchema = z.object({
  message: z.string(),
  booking: adminBookingSchema,
});
export type AdminBookingAnswer = z.infer<typeof adminBookingAnswerSchema>;

/**
 * POST /api/admin/bookings/{id}/assign. `replacing` is the provider the admin saw (null: none).
 * Without it only an unassigned booking is assigned, so an admin and a provider accepting from
 * the board cannot both win; a reassignment names whom it replaces.
 */
export const assignProviderSchema = z.object({
  providerId: uuid('Provider id'),
  replacing: z.optional(z.nullable(uuid('The replaced provider id'))),
});
export type AssignProviderInput = z.infer<typeof assignProviderSchema>;

/** POST /api/admin/bookings/{id}/confirm-price: the provider's form's rules. */
export const adminConfirmPriceSchema = finalPriceSchema;
export type AdminConfirmPriceInput = z.infer<typeof adminConfirmPriceSchema>;

/** POST /api/admin/bookings/{id}/cancel. Only admin_owner may waive the late fee. */
export const adminCancelSchema = z.object({
  reason: required('Reason', 500),
  waiveFee: z.optional(z.boolean('Waive fee must be true or false')),
});
export type AdminCancelInput = z.infer<typeof adminCancelSchema>;

const twoDecimals = (hours: number) => Math.abs(hours * 100 - Math.round(hours * 100)) < 1e-6;

/** POST /api/admin/payouts/{id}/review: the hours to pay (the worked hours to approve them all). */
export const payoutReviewSchema = z.object({
  hoursPaid: z
    .number('Hours paid must be a number')
    .check(
      z.gte(0, 'Hours paid cannot be negative'),
      z.lte(PUNCH_RULES.maxMeasuredHours, 'Hours paid is too large'),
      z.refine(twoDecimals, 'Hours paid can have at most 2 decimals'),
    ),
});
export type PayoutReviewInput = z.infer<typeof payoutReviewSchema>;
