import * as z from 'zod/mini';
import { dollarsSchema, enteredDollarsToCents, formatDollars } from './money';
import { gatewayNameSchema } from './payments';

// DECISIONS.md "Visit updates, checklists, tips": after clock-out the client may tip 15, 20 or
// 25 % of the visit or an amount; charged like any payment, never part of the booking's total,
// fees or deposit; 100 % the provider's, a line of its own on the visit's payout.

export const TIP_PERCENTS = [15, 20, 25] as const;
export const TIP_MIN_CENTS = 100;
export const TIP_MAX_CENTS = 100_000;
const AMOUNT_TEXT = /^\d{1,4}(\.\d{1,2})?$/;
const AMOUNT_MESSAGE = `Enter a tip from ${formatDollars(TIP_MIN_CENTS)} to ${formatDollars(TIP_MAX_CENTS)}, like 20.00`;

/** A tip amount as typed ("20", "20.5", "20.50"). */
export const tipAmountSchema = z.string(AMOUNT_MESSAGE).check(
  z.trim(),
  z.regex(AMOUNT_TEXT, AMOUNT_MESSAGE),
  z.refine((text) => {
    if (!AMOUNT_TEXT.test(text)) return true;
    const cents = enteredDollarsToCents(text);
    return cents >= TIP_MIN_CENTS && cents <= TIP_MAX_CENTS;
  }, AMOUNT_MESSAGE),
);

/**
 * POST /api/bookings/{id}/tips and /api/visit-reports/{token}/tips: a percent of the visit or an
 * amount, exactly one. The server computes the amount.
 */
export const tipRequestSchema = z
  .object({
    percent: z.optional(z.union(TIP_PERCENTS.map((p) => z.literal(p)))),
    amount: z.optional(tipAmountSchema),
  })
  .check(
    z.refine((t) => (t.percent === undefined) !== (t.amount === undefined), {
      message: 'Choose 15%, 20% or 25%, or enter an amount',
      path: ['amount'],
    }),
  );
export type TipRequest = z.infer<typeof tipRequestSchema>;

/** What a tip may be now: the visit's amount the percents are of, and each percent's amount. */
export const tipOfferSchema = z.object({
  visitAmount: dollarsSchema,
  percents: z.array(z.object({ percent: z.number(), amount: dollarsSchema })),
  cleanerFirstName: z.string(),
});
export type TipOffer = z.infer<typeof tipOfferSchema>;

/** The answer to a tip request: the gateway's intent to confirm in the browser. */
export const tipIntentAnswerSchema = z.object({
  paymentIntentId: z.string(),
  clientSecret: z.string(),
  amount: dollarsSchema,
  gateway: gatewayNameSchema,
  publishableKey: z.nullable(z.string()),
});
export type TipIntentAnswer = z.infer<typeof tipIntentAnswerSchema>;

/** POST …/tips/record: the browser says the intent is paid; the gateway is asked. */
export const tipRecordSchema = z.object({
  paymentIntentId: z.string().check(z.minLength(1, 'Payment intent is required'), z.maxLength(255)),
});

export const tipRecordAnswerSchema = z.object({
  message: z.string(),
  tip: z.object({ amount: dollarsSchema, at: z.string() }),
});
export type TipRecordAnswer = z.infer<typeof tipRecordAnswerSchema>;

/** Tips are offered this long after the clock-out (the report link's life). */
export const TIP_DAYS = 30;

/** Each offered percent of the visit's amount, in cents, rounded to the cent. */
export function tipPercentCents(visitCents: number): { percent: number; cents: number }[] {
  return TIP_PERCENTS.map((percent) => ({
    percent,
    cents: Math.round((visitCents * percent) / 100),
  }));
}

/** Whether a visit can be tipped at `now`: clocked out, not canceled, within TIP_DAYS. */
export function tipOpen(
  visit: { clockOutAt: Date | null; canceledAt: Date | null },
  now: Date,
): boolean {
  return (
    visit.clockOutAt !== null &&
    visit.canceledAt === null &&
    now.getTime() - visit.clockOutAt.getTime() <= TIP_DAYS * 86_400_000
  );
}
