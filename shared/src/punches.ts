import * as z from 'zod/mini';
import { finalPriceAmountSchema, finalPriceOutcomeSchema } from './final-price';
import { dollarsSchema, formatShortDollars } from './money';

const coordinate = (min: number, max: number) =>
  z.optional(z.nullable(z.number().check(z.gte(min), z.lte(max))));

// Any instant PostgreSQL can store would pass a plain ISO check, and the clock offset computed
// from it could not; no phone that reaches us lives outside these years.
const EARLIEST = Date.parse('2000-01-01T00:00:00Z');
const LATEST = Date.parse('2100-01-01T00:00:00Z');
const deviceTime = z.string().check(
  z.iso.datetime({ offset: true, message: 'Use an ISO date and time, like 2026-11-23T15:04:05Z' }),
  z.refine((value) => {
    const ms = Date.parse(value);
    return ms >= EARLIEST && ms < LATEST;
  }, 'Must be a date in the years 2000 to 2099'),
);

/** POST /api/provider/clock-in/{id} and clock-out/{id}; every field may be missing (no GPS indoors). */
export const punchSchema = z.object({
  latitude: coordinate(-90, 90),
  longitude: coordinate(-180, 180),
  /** Metres, as the Geolocation API reports it. */
  accuracy: z.optional(
    z.nullable(z.number().check(z.gte(0), z.lte(100_000, 'Accuracy is at most 100000 m'))),
  ),
  positionAt: z.optional(z.nullable(deviceTime)),
  /** When it happened on the phone; queued punches arrive later. */
  occurredAt: z.optional(deviceTime),
  /** The outbox's counter; stored in an integer column. */
  deviceSeq: z.optional(
    z
      .number()
      .check(z.int(), z.gte(0), z.lte(2_147_483_647, 'The device counter is at most 2147483647')),
  ),
  offline: z.optional(z.boolean()),
});

/** DECISIONS.md: wait pay is 0–100 dollars; the owner's configured maximum may only be lower. */
export const WAIT_PAY_LIMIT_CENTS = 10_000;

export const clockOutSchema = z.extend(punchSchema, {
  // Spec 2 §7: wait pay in dollars.
  waitPay: z._default(
    z.coerce
      .number()
      .check(
        z.gte(0, 'Wait pay cannot be negative'),
        z.lte(
          WAIT_PAY_LIMIT_CENTS / 100,
          `Wait pay is at most ${formatShortDollars(WAIT_PAY_LIMIT_CENTS)}`,
        ),
        z.multipleOf(0.01, 'Enter wait pay in dollars and cents, like 12.50'),
      ),
    0,
  ),
  /**
   * A carpet or rug job whose price waits for its provider: the final price, confirmed as part
   * of the clock-out (queued with it when offline). Never a reason to refuse the punch.
   */
  finalPrice: z.optional(finalPriceAmountSchema),
});

export type PunchInput = z.infer<typeof punchSchema>;
export type ClockOutInput = z.infer<typeof clockOutSchema>;

/** The answer to a clock-in or clock-out (a replay gets the first one again). */
export const punchResultSchema = z.object({
  ok: z.literal(true),
  message: z.string(),
  bookingId: z.string().check(z.uuid()),
  occurredAt: z.string(),
  geofenceVerified: z.boolean(),
  distanceM: z.nullable(z.number()),
  unverifiedReason: z.nullable(z.string()),
  /** Clock-out only: the payout it created. */
  payout: z.optional(
    z.object({
      id: z.string().check(z.uuid()),
      hoursWorked: z.number(),
      /** Hours above booked + 1 wait for an admin. Optional: older kept answers replay as they were. */
      hoursPaid: z.optional(z.number()),
      reviewReason: z.optional(z.nullable(z.string())),
      hourlyRate: dollarsSchema,
      /** A fixed-price job's share of its price. Optional: older kept answers replay as they were. */
      sharePercent: z.optional(z.nullable(z.number())),
      waitPay: dollarsSchema,
      /** An auction-board job's bonus. Optional: older kept answers replay as they were. */
      bonus: z.optional(dollarsSchema),
      totalAmount: dollarsSchema,
    }),
  ),
  /** Clock-out with a final price: what became of it (in effect, waiting for the client, or not taken). */
  finalPrice: z.optional(finalPriceOutcomeSchema),
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
