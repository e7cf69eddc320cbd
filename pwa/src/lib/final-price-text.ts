import { type FinalPriceOutcome, priceBounds } from '@twinclean/shared/final-price';
import {
  dollarsToCents,
  enteredDollarsToCents,
  formatDollars,
  formatWireDollars,
} from '@twinclean/shared/money';
import type { PricingConfig } from '@twinclean/shared/pricing-config';
import { hasPriceToConfirm, type ProviderJob } from '@twinclean/shared/provider-jobs';
import { clockOutSchema } from '@twinclean/shared/punches';

// What the provider reads about a carpet or rug job's final price (DECISIONS.md "Final price
// consent"): at the clock-out, in the clock panel once the server has answered, in the toasts.
// Pure, so it is tested alone; the server's own facts (amounts, its message) are said as given.

export type FinalPricePercents = Pick<
  PricingConfig,
  'finalPriceMinPercent' | 'finalPriceMaxPercent'
>;

/** The clock-out offers the price: a carpet or rug job whose price waits for its provider. */
export const offersPriceAtClockOut = (
  job: Pick<ProviderJob, 'serviceType' | 'priceIsFinal' | 'priceAwaitingApproval'>,
) => hasPriceToConfirm(job.serviceType) && job.priceIsFinal === false && !job.priceAwaitingApproval;

/**
 * The clock-out's final price field: nothing typed is no price (the office confirms it), else
 * the clock-out contract's own check, so the phone says what the server would.
 */
export function readFinalPrice(
  text: string,
): { ok: true; finalPrice: string | undefined } | { ok: false; message: string } {
  if (text.trim() === '') return { ok: true, finalPrice: undefined };
  const parsed = clockOutSchema.shape.finalPrice.safeParse(text);
  if (parsed.success) return { ok: true, finalPrice: parsed.data };
  return { ok: false, message: parsed.error.issues[0]?.message ?? 'Enter the price in dollars' };
}

/**
 * Where a price takes effect at once and where it waits for the client: the same bounds the
 * server works out (shared priceBounds) from the owner's saved percents, when the phone has them.
 */
export function approvalHint(
  estimate: string | null | undefined,
  percents: FinalPricePercents | null | undefined,
): string {
  if (!estimate) return "A price far from the estimate waits for the client's approval.";
  const cents = dollarsToCents(estimate);
  if (!percents) {
    return `A price far from the ${formatDollars(cents)} estimate waits for the client's approval.`;
  }
  const { minCents, maxCents } = priceBounds(cents, percents);
  return (
    `From ${formatDollars(minCents)} to ${formatDollars(maxCents)} it takes effect at once; ` +
    `further from the ${formatDollars(cents)} estimate it waits for the client's approval.`
  );
}

export type PriceNote = {
  /** For a toast. */
  title: string;
  text: string;
  tone: 'info' | 'good' | 'warn' | 'bad';
};

/** What the server made of a final price sent with a clock-out. */
export function priceOutcomeNote(outcome: FinalPriceOutcome): PriceNote {
  const amount = formatWireDollars(outcome.amount);
  switch (outcome.status) {
    case 'confirmed':
      return {
        title: 'Final Price Confirmed',
        text: `Final price ${amount} confirmed.`,
        tone: 'good',
      };
    case 'awaiting_approval':
      return {
        title: 'New Price Sent for Approval',
        text: `Final price ${amount} sent to the client for approval. ${outcome.message}`,
        tone: 'warn',
      };
    case 'not_applied':
      return {
        title: 'Final Price Not Applied',
        text: `Final price ${amount} not applied: ${outcome.message} The office will confirm the price.`,
        tone: 'bad',
      };
  }
}

/** What the note reads of an outbox entry (features/outbox/entry.ts), whatever its kind. */
export type ClockOutPriceFacts = {
  kind: string;
  status: 'raw' | 'locating' | 'pending' | 'sent' | 'rejected';
  finalPrice?: string;
  finalPriceOutcome?: FinalPriceOutcome;
};

/** A clock-out's final price as the phone knows it: saved, answered, or refused with it. */
export function clockOutPriceNote(entry: ClockOutPriceFacts): PriceNote | null {
  if (entry.kind !== 'clock_out' || !entry.finalPrice) return null;
  if (entry.finalPriceOutcome) return priceOutcomeNote(entry.finalPriceOutcome);
  // Checked at the tap; a render must not throw over a stored row all the same.
  const checked = readFinalPrice(entry.finalPrice);
  const amount =
    checked.ok && checked.finalPrice
      ? formatDollars(enteredDollarsToCents(checked.finalPrice))
      : entry.finalPrice;
  if (entry.status === 'rejected') {
    return {
      title: 'Final Price Not Applied',
      text: `Final price ${amount} not applied either.`,
      tone: 'bad',
    };
  }
  if (entry.status === 'sent') {
    // Answered, but not in words this app reads: the job's price (refreshed) tells the rest.
    return { title: 'Final Price Sent', text: `Final price ${amount} sent.`, tone: 'info' };
  }
  return {
    title: 'Final Price Saved',
    text: `Final price ${amount} goes with the clock-out.`,
    tone: 'info',
  };
}

/** The job page, while a price outside the bounds waits for the client. */
export const awaitingApprovalText = (job: Pick<ProviderJob, 'priceAwaitingApproval'>) =>
  job.priceAwaitingApproval
    ? `Waiting for the client to approve ${formatWireDollars(job.priceAwaitingApproval)}.`
    : null;

/** After confirming on the job page, from the job the server answered with. */
export function confirmedToast(
  job: Pick<ProviderJob, 'priceAwaitingApproval' | 'clientAmount' | 'totalAmount'>,
): { title: string; description: string } {
  const pay = job.totalAmount ? ` Your pay is ${formatWireDollars(job.totalAmount)}.` : '';
  if (job.priceAwaitingApproval) {
    const estimate = job.clientAmount
      ? ` the ${formatWireDollars(job.clientAmount)} estimate`
      : ' the estimate';
    return {
      title: 'New Price Sent for Approval',
      description:
        `The client is asked to approve ${formatWireDollars(job.priceAwaitingApproval)}; until then the ` +
        `price stays at${estimate}.${pay}`,
    };
  }
  const price = job.clientAmount
    ? `The client's price is ${formatWireDollars(job.clientAmount)}`
    : 'The price is confirmed';
  return {
    title: 'Final Price Confirmed',
    description: `${price}${job.totalAmount ? `; your pay is ${formatWireDollars(job.totalAmount)}` : ''}.`,
  };
}
