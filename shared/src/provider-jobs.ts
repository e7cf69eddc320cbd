import * as z from 'zod/mini';
import { dollarsSchema } from './money';

/** A job-board card (spec 2 §3 "Open job"). Amounts are the provider's pay, not the client's price. */
export const openJobSchema = z.object({
  id: z.string().check(z.uuid()),
  serviceType: z.enum(['house', 'carpet', 'laundry', 'dry_cleaning']),
  homeSize: z.nullable(z.enum(['small', 'medium', 'large'])),
  totalAmount: z.nullable(dollarsSchema),
  city: z.string(),
  state: z.string(),
  address: z.string(),
  scheduledDate: z.string(),
  scheduledTime: z.string(),
  totalHours: z.nullable(z.number()),
  hourlyRate: dollarsSchema,
  greenCleaning: z.boolean(),
  clientNotes: z.string(),
});
export type OpenJob = z.infer<typeof openJobSchema>;

/** Spec 2 §2: "{homeSize} Home", or "Cleaning Job" when the size is unknown. */
export const jobTitle = ({ homeSize }: Pick<OpenJob, 'homeSize'>) =>
  homeSize ? `${homeSize.charAt(0).toUpperCase()}${homeSize.slice(1)} Home` : 'Cleaning Job';

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
});
export type ProviderJob = z.infer<typeof providerJobSchema>;

/** GET /api/provider/payouts (spec 2 §3 "Payout (provider view)"). */
export const providerPayoutSchema = z.object({
  id: z.string().check(z.uuid()),
  status: z.enum(['pending', 'paid']),
  totalAmount: dollarsSchema,
  baseAmount: dollarsSchema,
  waitPay: dollarsSchema,
  hoursWorked: z.number(),
  /** Hours above the booked ones + 1 are paid only once an admin approves them. */
  hoursPaid: z.number(),
  /** Why an admin is looking at this payout (capped hours, a flagged punch), or null. */
  reviewReason: z.nullable(z.string()),
  hourlyRate: dollarsSchema,
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
