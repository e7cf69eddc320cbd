import { z } from 'zod';

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
