import * as z from 'zod/mini';
import { enteredDollarsToCents, formatDollars } from './money';
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
export const finalPriceSchema = z.object({
  totalAmount: z.string(PRICE_MESSAGE).check(
    z.trim(),
    z.regex(PRICE_TEXT, PRICE_MESSAGE),
    z.refine(
      (text) => !PRICE_TEXT.test(text) || inRange(enteredDollarsToCents(text)),
      `The final price must be more than $0.00 and at most ${formatDollars(FINAL_PRICE_MAX_CENTS)}`,
    ),
  ),
});
export type FinalPriceInput = z.infer<typeof finalPriceSchema>;

/** The booking facts that decide whether its final price can still be confirmed. */
export type FinalPriceFacts = {
  serviceType: ServiceType;
  canceledAt: Date | string | null;
  clockOutAt: Date | string | null;
  priceIsFinal: boolean;
};

/**
 * Why a booking's final price cannot be confirmed now, if it cannot: one rule for the provider's
 * job page, the admin's booking page and the API behind both.
 */
export function finalPriceRefusal(
  booking: FinalPriceFacts,
): { code: string; message: string } | null {
  if (!hasPriceToConfirm(booking.serviceType)) {
    return {
      code: 'price_not_confirmable',
      message:
        'Only carpet and rug cleaning prices are confirmed after pickup; this job’s price is set.',
    };
  }
  if (booking.canceledAt) return { code: 'job_canceled', message: 'This job was canceled.' };
  if (booking.clockOutAt) {
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
