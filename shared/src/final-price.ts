import * as z from 'zod/mini';
import { dollarsToCents, formatDollars } from './money';

// Its own module, not provider-jobs.ts: only the job page's form and the API read it, so the
// provider app's first screens never load it.

/** A final price above this is a typo, not a carpet or rug job. */
export const FINAL_PRICE_MAX_CENTS = 1_000_000;
const PRICE_TEXT = /^\d{1,5}(\.\d{1,2})?$/;
const PRICE_MESSAGE = 'Enter the price in dollars, like 180.00';
const inRange = (cents: number) => cents > 0 && cents <= FINAL_PRICE_MAX_CENTS;

/** "180", "180.5" or "180.50" as cents; the text must already match the price pattern. */
export const priceCents = (text: string): number =>
  dollarsToCents(text.includes('.') ? text.padEnd(text.indexOf('.') + 3, '0') : `${text}.00`);

/**
 * POST /api/provider/jobs/{id}/final-price: the client's total in dollars, cents optional.
 * The job page's form checks it with this too, so the phone says what the server would.
 */
export const finalPriceSchema = z.object({
  totalAmount: z.string(PRICE_MESSAGE).check(
    z.trim(),
    z.regex(PRICE_TEXT, PRICE_MESSAGE),
    z.refine(
      (text) => !PRICE_TEXT.test(text) || inRange(priceCents(text)),
      `The final price must be more than $0.00 and at most ${formatDollars(FINAL_PRICE_MAX_CENTS)}`,
    ),
  ),
});
export type FinalPriceInput = z.infer<typeof finalPriceSchema>;
