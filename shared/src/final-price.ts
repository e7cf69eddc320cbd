import * as z from 'zod/mini';
import { dollarsSchema, enteredDollarsToCents, formatDollars } from './money';
import type { PricingConfig } from './pricing-config';
import { hasPriceToConfirm } from './provider-jobs';
import type { ServiceType } from './services';

// Its own module, not provider-jobs.ts: only the job page's form and the API read it, so the
// provider app's first screens never load it.

/** A final price above this is a typo, not a carpet or rug job. */
export const FINAL_PRICE_MAX_CENTS = 1_000_000;
const PRICE_TEXT = /^\d{1,5}(\.\d{1,2})?$/;
const PRICE_MESSAGE = 'Enter the price in dollars, like 180.00';
const inRange = (cents: number) => cents > 0 && cents <= FINAL_PRICE_MAX_CENTS;

/**
 * POST /api/provider/jobs/{id}/final-price: the client's total in dollars, cents optional.
 * The job page's form checks it with this too, so the phone says what the server would.
 */
export const finalPriceAmountSchema = z.string(PRICE_MESSAGE).check(
  z.trim(),
  z.regex(PRICE_TEXT, PRICE_MESSAGE),
  z.refine(
    (text) => !PRICE_TEXT.test(text) || inRange(enteredDollarsToCents(text)),
    `The final price must be more than $0.00 and at most ${formatDollars(FINAL_PRICE_MAX_CENTS)}`,
  ),
);
export const finalPriceSchema = z.object({ totalAmount: finalPriceAmountSchema });
export type FinalPriceInput = z.infer<typeof finalPriceSchema>;

/** The booking facts that decide whether its final price can still be confirmed. */
export type FinalPriceFacts = {
  serviceType: ServiceType;
  canceledAt: Date | string | null;
  clockOutAt: Date | string | null;
  priceIsFinal: boolean;
};

/**
 * Who confirms: the provider from the job page (before the work is done), the provider as part
 * of the clock-out, or an admin (also after the visit, when a price was never confirmed).
 */
export type PriceConfirmer = 'provider' | 'clock_out' | 'admin';

/**
 * Why a booking's final price cannot be confirmed now, if it cannot: one rule for the provider's
 * job page and clock-out, the admin's booking page and the API behind them.
 */
export function finalPriceRefusal(
  booking: FinalPriceFacts,
  by: PriceConfirmer = 'provider',
): { code: string; message: string } | null {
  if (!hasPriceToConfirm(booking.serviceType)) {
    return {
      code: 'price_not_confirmable',
      message:
        'Only carpet and rug cleaning prices are confirmed after pickup; this job’s price is set.',
    };
  }
  if (booking.canceledAt) return { code: 'job_canceled', message: 'This job was canceled.' };
  if (booking.clockOutAt && by === 'provider') {
    return {
      code: 'job_completed',
      message: 'This job is completed; its price can no longer change.',
    };
  }
  if (booking.priceIsFinal) {
    return {
      code: 'price_already_final',
      message: 'The final price of this job is already confirmed.',
    };
  }
  return null;
}

/** The prices a confirmation may set at once, without the client's approval (inclusive). */
export type PriceBounds = { minCents: number; maxCents: number };

/**
 * DECISIONS.md "Final price consent": between finalPriceMinPercent and finalPriceMaxPercent of
 * the estimate the client booked at (75 % and 125 % by default) a confirmed price takes effect
 * at once; outside it waits for the client's approval or an owner's.
 */
export function priceBounds(
  estimateCents: number,
  config: Pick<PricingConfig, 'finalPriceMinPercent' | 'finalPriceMaxPercent'>,
): PriceBounds {
  return {
    minCents: Math.ceil((estimateCents * config.finalPriceMinPercent) / 100),
    maxCents: Math.floor((estimateCents * config.finalPriceMaxPercent) / 100),
  };
}

export const withinBounds = (cents: number, bounds: PriceBounds) =>
  cents >= bounds.minCents && cents <= bounds.maxCents;

/**
 * POST /api/bookings/{id}/approve-price and /api/pay/{token}/approve-price: the price the client
 * saw and approves. A proposal changed since (a new one) is not approved blindly.
 */
export const priceApprovalSchema = finalPriceSchema;
export type PriceApprovalInput = z.infer<typeof priceApprovalSchema>;

/** POST /api/admin/bookings/{id}/approve-price (owner): the price, and why (the audit log). */
export const ownerPriceApprovalSchema = z.extend(finalPriceSchema, {
  note: z
    .string('Say why the new price is approved')
    .check(
      z.trim(),
      z.minLength(1, 'Say why the new price is approved'),
      z.maxLength(500, 'Keep the note under 500 characters'),
    ),
});
export type OwnerPriceApprovalInput = z.infer<typeof ownerPriceApprovalSchema>;

/** A confirmed price outside the bounds, waiting for the client's approval (or an owner's). */
export const priceProposalSchema = z.object({
  /** The new total the client is asked to approve. */
  amount: dollarsSchema,
  /** The estimate the client booked at. */
  estimate: dollarsSchema,
  /** What could have been confirmed without asking: the bounds around the estimate. */
  withoutApproval: z.object({ min: dollarsSchema, max: dollarsSchema }),
  proposedAt: z.string(),
});
export type PriceProposal = z.infer<typeof priceProposalSchema>;

/** What became of a confirmed price: in effect, waiting for approval, or not taken (and why). */
export const finalPriceOutcomeSchema = z.object({
  status: z.enum(['confirmed', 'awaiting_approval', 'not_applied']),
  amount: dollarsSchema,
  message: z.string(),
});
export type FinalPriceOutcome = z.infer<typeof finalPriceOutcomeSchema>;
