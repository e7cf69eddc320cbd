import { z } from 'zod';
import { dollarsSchema } from './money';

const coordinate = (min: number, max: number) => z.number().min(min).max(max).nullable().optional();

/** POST /api/provider/clock-in/{id} and clock-out/{id}; every field may be missing (no GPS indoors). */
export const punchSchema = z.object({
  latitude: coordinate(-90, 90),
  longitude: coordinate(-180, 180),
  accuracy: z.number().nonnegative().nullable().optional(),
  positionAt: z.string().datetime({ offset: true }).nullable().optional(),
  /** When it happened on the phone; queued punches arrive later. */
  occurredAt: z.string().datetime({ offset: true }).optional(),
  deviceSeq: z.number().int().nonnegative().optional(),
  offline: z.boolean().optional(),
});

export const clockOutSchema = punchSchema.extend({
  // Spec 2 §7: wait pay in dollars; DECISIONS.md: 0–100.
  waitPay: z.coerce
    .number()
    .min(0, 'Wait pay cannot be negative')
    .max(100, 'Wait pay is at most $100')
    .default(0),
});

export type PunchInput = z.infer<typeof punchSchema>;
export type ClockOutInput = z.infer<typeof clockOutSchema>;

/** The answer to a clock-in or clock-out (a replay gets the first one again). */
export const punchResultSchema = z.object({
  ok: z.literal(true),
  message: z.string(),
  bookingId: z.string().uuid(),
  occurredAt: z.string(),
  geofenceVerified: z.boolean(),
  distanceM: z.number().nullable(),
  unverifiedReason: z.string().nullable(),
  /** Clock-out only: the payout it created. */
  payout: z
    .object({
      id: z.string().uuid(),
      hoursWorked: z.number(),
      hourlyRate: dollarsSchema,
      waitPay: dollarsSchema,
      totalAmount: dollarsSchema,
    })
    .optional(),
});
export type PunchResult = z.infer<typeof punchResultSchema>;

/**
 * The punch a job takes next (spec 2 §4): clock in once, then clock out once; a canceled job
 * takes none. The server applies the same order and refuses anything else.
 */
export function nextPunch(job: {
  status: string;
  providerClockInTime: string | null;
  providerClockOutTime: string | null;
}): 'in' | 'out' | null {
  if (job.status === 'canceled' || job.providerClockOutTime) return null;
  return job.providerClockInTime ? 'out' : 'in';
}
