import * as z from 'zod/mini';
import { pageNumberSchema, pageOf } from './admin-pages';
import { dollarsSchema } from './money';
import { transferStatusSchema } from './payout-transfers';

// The admin area's calls (spec 2 §7 admin calls; DECISIONS.md "Admin operations", "Roles").

/** GET /api/admin/stats: the dashboard's four cards. */
export const adminStatsSchema = z.object({
  /** Succeeded payments less what was refunded. */
  revenue: dollarsSchema,
  /** Standard and Senior memberships that are live (active, trialing or retrying a renewal). */
  activeSubscriptions: z.number(),
  jobsCompleted: z.number(),
  /** Provider accounts. */
  activeProviders: z.number(),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

export const payoutStatusSchema = z.enum(['pending', 'paid']);

/** GET /api/admin/exports/payouts.csv?status=&providerId=: filters, both optional. */
export const payoutFiltersSchema = z.object({
  status: z.optional(payoutStatusSchema),
  providerId: z.optional(z.string().check(z.uuid('Provider id must be a UUID'))),
});

/** GET /api/admin/payouts: the same filters, a page at a time. */
export const payoutListQuerySchema = z.extend(payoutFiltersSchema, { page: pageNumberSchema });

/** Where a punch was made, in degrees; null when the phone sent none (or there is no punch). */
const coordinate = z.nullable(z.number());

/**
 * Why Mark Paid cannot pay a payout now (payout-rules.ts). The API refuses with 409 and the same
 * code, except `already_paid`: a paid payout answers as it is, so a retry is harmless.
 */
export const payoutRefusalCodeSchema = z.enum([
  'already_paid',
  'payout_needs_review',
  'price_to_confirm',
  'nothing_to_pay',
  'in_transfer',
]);
export type PayoutRefusalCode = z.infer<typeof payoutRefusalCodeSchema>;

export const payoutPayabilitySchema = z.union([
  z.object({ payable: z.literal(true) }),
  z.object({ payable: z.literal(false), code: payoutRefusalCodeSchema, reason: z.string() }),
]);
export type PayoutPayability = z.infer<typeof payoutPayabilitySchema>;

/**
 * One payout as /admin/payouts lists it: spec 2 §3 "Payout (admin view)" key for key, with what
 * the page and the accountant's CSV need beside it (the provider's id, paid hours, bonus, review).
 */
export const adminPayoutSchema = z.object({
  id: z.string(),
  provider: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }),
  booking: z.object({ id: z.string(), address: z.string(), city: z.string(), state: z.string() }),
  /** The measured hours, clock-in to clock-out. */
  hoursWorked: z.number(),
  /** The hours paid: at most the booked ones + 1 until an admin approves more. */
  hoursPaid: z.number(),
  hourlyRate: z.nullable(dollarsSchema),
  waitPay: dollarsSchema,
  /** An auction-board job's bonus; 0.00 for any other job. */
  bonus: dollarsSchema,
  totalAmount: dollarsSchema,
  /** The visit's tips net of refunds: the provider's in full, a line of its own, not in totalAmount. */
  tip: dollarsSchema,
  /**
   * On a paid payout, a tip that came after Mark Paid and is not paid out yet (Mark Paid again
   * settles it); 0.00 when none, never negative.
   */
  tipOwed: dollarsSchema,
  /** On a paid payout, a tip refunded after it was paid out (the provider kept it); 0.00 when none. */
  tipRefundedAfterPayout: dollarsSchema,
  status: payoutStatusSchema,
  geofenceVerified: z.boolean(),
  /** Why the punch rules flagged it for an admin's review; null when there is nothing to review. */
  reviewReason: z.nullable(z.string()),
  /** Whether Mark Paid may pay it now, and if not why: the page offers the button by this. */
  payability: payoutPayabilitySchema,
  clockInLatitude: coordinate,
  clockInLongitude: coordinate,
  clockOutLatitude: coordinate,
  clockOutLongitude: coordinate,
  paidAt: z.nullable(z.string()),
  /** Who marked it paid; null when unpaid or paid by the weekly transfer. */
  paidBy: z.nullable(z.string()),
  /** The weekly transfer that pays (or paid) its pay; null when none (unpaid, or paid by hand). */
  transfer: z.nullable(
    z.object({ id: z.string(), weekStart: z.string(), status: transferStatusSchema }),
  ),
  createdAt: z.string(),
});
export type AdminPayout = z.infer<typeof adminPayoutSchema>;

export const payoutsPageSchema = pageOf(adminPayoutSchema);
export type PayoutsPage = z.infer<typeof payoutsPageSchema>;

/** PATCH /api/admin/payouts/{id}/mark-paid. */
export const markPaidAnswerSchema = z.object({
  message: z.string(),
  payout: adminPayoutSchema,
});
export type MarkPaidAnswer = z.infer<typeof markPaidAnswerSchema>;

/** GET /api/admin/provider-choices: who an admin can assign a job to or filter by, by name. */
export const providerChoicesSchema = z.object({
  providers: z.array(z.object({ id: z.string(), name: z.string(), email: z.string() })),
});
export type ProviderChoices = z.infer<typeof providerChoicesSchema>;
