import * as z from 'zod/mini';
import { visitChecklistSchema } from './checklists';
import { dollarsSchema } from './money';
import { seriesVisitSchema } from './series';
import { type ServiceType, serviceTitle, serviceTypeSchema } from './services';

/** Where a laundry or dry-cleaning order goes back to (the pickup is the job's address). */
const dropoffSchema = z.object({
  sameAsPickup: z.boolean(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
});

/** What a special-service job asks of the provider; house jobs have none (their rooms are below). */
export const jobDetailsSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('carpet'),
    bedrooms: z.number(),
    livingRooms: z.number(),
    stairs: z.number(),
  }),
  z.object({ kind: z.literal('laundry'), numberOfLoads: z.number(), dropoff: dropoffSchema }),
  z.object({
    kind: z.literal('dry_cleaning'),
    // Any id, named by the server: a phone on an older list still shows a newer item.
    items: z.array(z.object({ id: z.string(), name: z.string(), quantity: z.number() })),
    dropoff: dropoffSchema,
  }),
]);
export type JobDetails = z.infer<typeof jobDetailsSchema>;

/**
 * A job-board card (spec 2 §3 "Open job"). Amounts are the provider's pay, not the client's
 * price: hours × `hourlyRate` for house cleaning, a share of the price for the fixed-price
 * services. Fields added after the first release are optional, and none of the first ones
 * changed: a phone keeps its last answers for a week and shows them offline, from whichever
 * version saved them, and a phone not yet updated must still read today's answers.
 */
export const openJobSchema = z.object({
  id: z.string().check(z.uuid()),
  serviceType: serviceTypeSchema,
  homeSize: z.nullable(z.enum(['small', 'medium', 'large'])),
  totalAmount: z.nullable(dollarsSchema),
  city: z.string(),
  state: z.string(),
  address: z.string(),
  scheduledDate: z.string(),
  scheduledTime: z.string(),
  /** The job's length: booked hours, or for special services the length DECISIONS.md gives. */
  totalHours: z.nullable(z.number()),
  /** The provider's hourly rate; what a house job pays by. */
  hourlyRate: dollarsSchema,
  greenCleaning: z.boolean(),
  /** The client's notes; a rug order's special instructions. */
  clientNotes: z.string(),
  details: z.optional(z.nullable(jobDetailsSchema)),
  /** False for a carpet or rug job whose price (and so the pay) is still the estimate. */
  priceIsFinal: z.optional(z.boolean()),
  /** On the auction board: shown highlighted, with `bonus` on top of the pay. */
  urgent: z.optional(z.boolean()),
  bonus: z.optional(z.nullable(dollarsSchema)),
  /**
   * A visit of a client's recurring series ("Every 2 weeks · 5th visit"); null for a one-time
   * job. On the board a series visit is marked "Regular client" (REGULAR_CLIENT_LABEL).
   */
  series: z.optional(z.nullable(seriesVisitSchema)),
});
export type OpenJob = z.infer<typeof openJobSchema>;

/** Spec 2 §2: "{homeSize} Home", or "Cleaning Job" when the size is unknown; else the service. */
export const jobTitle = ({ homeSize, serviceType }: Pick<OpenJob, 'homeSize' | 'serviceType'>) =>
  serviceType !== 'house'
    ? serviceTitle(serviceType)
    : homeSize
      ? `${homeSize.charAt(0).toUpperCase()}${homeSize.slice(1)} Home`
      : 'Cleaning Job';

/** Carpet and rug prices are estimates until the assigned provider (or an admin) confirms them. */
export const hasPriceToConfirm = (serviceType: ServiceType) =>
  serviceType === 'carpet' || serviceType === 'dry_cleaning';

/** GET /api/provider/jobs and /jobs/{id}: the provider's own job, with the client's details. */
export const providerJobSchema = z.extend(openJobSchema, {
  status: z.string(),
  zipCode: z.string(),
  selectedRooms: z.array(z.string()),
  clientFirstName: z.string(),
  clientLastName: z.string(),
  clientEmail: z.string(),
  clientPhone: z.string(),
  providerClockInTime: z.nullable(z.string()),
  providerClockOutTime: z.nullable(z.string()),
  beforePhotos: z.array(z.string()),
  afterPhotos: z.array(z.string()),
  /** Carpet and rug jobs: the client's price booked as an estimate; null for the others. */
  estimatedAmount: z.optional(z.nullable(dollarsSchema)),
  /** Carpet and rug jobs: the client's price now (the estimate until confirmed); else null. */
  clientAmount: z.optional(z.nullable(dollarsSchema)),
  /**
   * A confirmed price outside the bounds around the estimate, waiting for the client's approval
   * (DECISIONS.md "Final price consent"); null when none waits.
   */
  priceAwaitingApproval: z.optional(z.nullable(dollarsSchema)),
  /**
   * GET /api/provider/jobs/{id} only: the visit's room and add-on tasks with their ticks; null
   * when it has none (laundry without add-ons). Absent from the list and from older answers.
   */
  checklist: z.optional(z.nullable(visitChecklistSchema)),
});
export type ProviderJob = z.infer<typeof providerJobSchema>;

/** GET /api/provider/payouts (spec 2 §3 "Payout (provider view)"). */
export const providerPayoutSchema = z.object({
  id: z.string().check(z.uuid()),
  status: z.enum(['pending', 'paid']),
  totalAmount: dollarsSchema,
  baseAmount: dollarsSchema,
  waitPay: dollarsSchema,
  /** An auction-board job's bonus, part of the total. Optional: older kept answers lack it. */
  bonus: z.optional(dollarsSchema),
  /**
   * The visit's tips net of refunds: 100 % the provider's, a line of its own, never inside
   * totalAmount. Optional: older kept answers lack it.
   */
  tip: z.optional(dollarsSchema),
  hoursWorked: z.number(),
  /** Hours above the booked ones + 1 are paid only once an admin approves them. */
  hoursPaid: z.number(),
  /** Why an admin is looking at this payout (capped hours, a flagged punch), or null. */
  reviewReason: z.nullable(z.string()),
  /** 0.00 on a fixed-price job, which pays a share of its price instead. */
  hourlyRate: dollarsSchema,
  /** A fixed-price job's share: this percent of that price; null on an hourly job. */
  share: z.nullable(z.object({ percent: z.number(), of: dollarsSchema })),
  createdAt: z.string(),
  paidAt: z.nullable(z.string()),
  booking: z.object({ address: z.string(), city: z.string(), state: z.string() }),
});
export type ProviderPayout = z.infer<typeof providerPayoutSchema>;

/** GET /api/provider/stats: this week is the last 7 days; also the last 30. Paid hours and amounts. */
export const providerStatsSchema = z.object({
  weeklyEarnings: dollarsSchema,
  weeklyEarningsPaid: dollarsSchema,
  weeklyEarningsPending: dollarsSchema,
  weeklyHours: z.number(),
  monthlyEarnings: dollarsSchema,
  monthlyHours: z.number(),
  totalJobs: z.number().check(z.int()),
  rating: z.nullable(z.number()),
});
export type ProviderStats = z.infer<typeof providerStatsSchema>;
