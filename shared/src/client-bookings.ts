import * as z from 'zod/mini';
import { cancelTermsSchema, rescheduleTermsSchema } from './booking-policy';
import { bookingStatusSchema } from './booking-status';
import { required, scheduledDateField, scheduledTimeField } from './bookings';
import { priceProposalSchema } from './final-price';
import { dollarsSchema } from './money';
import { paymentPlanKindSchema } from './payment-due';
import { paymentOptionSchema, paymentSchema } from './payments';
import { photoViewSchema } from './photos';
import { jobDetailsSchema } from './provider-jobs';
import { ratingStateSchema } from './ratings';
import { subscriptionTypeSchema } from './roles';
import { serviceTypeSchema } from './services';

/** GET /api/bookings: one row of the client's list. */
export const clientBookingSummarySchema = z.object({
  id: z.string().check(z.uuid()),
  serviceType: serviceTypeSchema,
  status: bookingStatusSchema,
  scheduledDate: z.string(),
  scheduledTime: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  totalAmount: dollarsSchema,
  priceIsFinal: z.boolean(),
  /** What the client has been asked to pay and has not paid (see paymentDue), or null. */
  amountDue: z.nullable(dollarsSchema),
});
export type ClientBookingSummary = z.infer<typeof clientBookingSummarySchema>;

const photoSchema = photoViewSchema;

/** GET /api/bookings/{id} (spec 2 §3 "Booking (client view)", and what the portal adds). */
export const clientBookingSchema = z.extend(clientBookingSummarySchema, {
  zipCode: z.string(),
  subscriptionType: subscriptionTypeSchema,
  homeSize: z.nullable(z.enum(['small', 'medium', 'large'])),
  /** House cleaning's hours and rate; null for the fixed-price services. */
  totalHours: z.nullable(z.number()),
  hourlyRate: z.nullable(dollarsSchema),
  baseAmount: dollarsSchema,
  greenCleaning: z.boolean(),
  greenCleaningFee: dollarsSchema,
  addOnsTotal: dollarsSchema,
  /** What a discount code took off (issue 34); 0.00 without one. */
  discountAmount: z._default(dollarsSchema, '0.00'),
  /** Referral credit and gift card balance spent on it (issue 34). */
  creditAmount: z._default(dollarsSchema, '0.00'),
  giftCardAmount: z._default(dollarsSchema, '0.00'),
  addOns: z.array(z.object({ name: z.string(), quantity: z.number(), amount: dollarsSchema })),
  depositAmount: dollarsSchema,
  /** Carpet and rug: the price booked as an estimate; null when the price was final at booking. */
  estimatedAmount: z.nullable(dollarsSchema),
  /** A new price waiting for the client's approval ("Approve new price"); null when none waits. */
  priceProposal: z.nullable(priceProposalSchema),
  amountPaid: dollarsSchema,
  amountRefunded: dollarsSchema,
  selectedRooms: z.array(z.string()),
  details: z.nullable(jobDetailsSchema),
  clientNotes: z.string(),
  providerId: z.nullable(z.string()),
  providerFirstName: z.nullable(z.string()),
  providerClockInTime: z.nullable(z.string()),
  providerClockOutTime: z.nullable(z.string()),
  /** Whether each punch was made at the address (the provider's geofence). */
  clockInVerified: z.nullable(z.boolean()),
  clockOutVerified: z.nullable(z.boolean()),
  beforePhotos: z.array(photoSchema),
  afterPhotos: z.array(photoSchema),
  cancellationReason: z.nullable(z.string()),
  canceledAt: z.nullable(z.string()),
  cancellationFee: z.nullable(dollarsSchema),
  payments: z.array(paymentSchema),
  /** What the Payment Required panel offers, first choice first. */
  paymentChoices: z.array(z.object({ option: paymentOptionSchema, amount: dollarsSchema })),
  /** How what is left gets paid (see paymentPlan); null when nothing can be paid now. */
  paymentPlan: z.nullable(
    z.object({
      kind: paymentPlanKindSchema,
      /** balance: the visit's start (null: due now, the visit is done); automatic: the charge's. */
      dueAt: z.nullable(z.string()),
      /** automatic: the member's default card, charged then; null when none is saved. */
      card: z.nullable(z.object({ brand: z.string(), last4: z.string() })),
    }),
  ),
  cancelTerms: cancelTermsSchema,
  rescheduleTerms: rescheduleTermsSchema,
  /** The client's rating of the visit, or whether (and until when) they can give one. */
  rating: ratingStateSchema,
});
export type ClientBooking = z.infer<typeof clientBookingSchema>;

/** POST /api/bookings/{id}/cancel. Spec 2 §5: a non-blank reason is required to confirm. */
export const cancelBookingSchema = z.object({
  reason: required('Reason', 500),
});
export type CancelBookingInput = z.infer<typeof cancelBookingSchema>;

/** POST /api/bookings/{id}/reschedule. The server checks the booking window as when booking. */
export const rescheduleBookingSchema = z.object({
  scheduledDate: scheduledDateField(),
  scheduledTime: scheduledTimeField(),
});
export type RescheduleBookingInput = z.infer<typeof rescheduleBookingSchema>;

/**
 * Spec 2 §2: upcoming = in the future and not canceled; past = the date passed, or completed.
 * Canceled ones are neither (a canceled visit ahead is not coming, nor has it taken place): they
 * go in a group of their own.
 */
export function splitBookings<B extends Pick<ClientBookingSummary, 'status'>>(
  bookings: readonly B[],
  isFuture: (booking: B) => boolean,
): { upcoming: B[]; past: B[]; canceled: B[] } {
  const upcoming: B[] = [];
  const past: B[] = [];
  const canceled: B[] = [];
  for (const booking of bookings) {
    if (booking.status === 'canceled') canceled.push(booking);
    else if (booking.status !== 'completed' && isFuture(booking)) upcoming.push(booking);
    else past.push(booking);
  }
  return { upcoming, past, canceled };
}
