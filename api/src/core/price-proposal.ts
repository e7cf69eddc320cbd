import { type PriceProposal, priceBounds } from '@twinclean/shared/final-price';
import { centsToDollars } from '@twinclean/shared/money';
import type { PricingConfig } from '@twinclean/shared/pricing-config';
import type { Booking } from '../models/booking';

/** The proposal waiting on this booking, as the client, the pay link and the admin see it. */
export function priceProposalOf(
  booking: Pick<
    Booking,
    | 'proposedPriceCents'
    | 'priceProposedAt'
    | 'estimatedAmountCents'
    | 'totalAmountCents'
    | 'canceledAt'
  >,
  config: Pick<PricingConfig, 'finalPriceMinPercent' | 'finalPriceMaxPercent'>,
): PriceProposal | null {
  // A canceled booking has no price left to approve (approving it is refused).
  if (booking.canceledAt) return null;
  if (booking.proposedPriceCents === null || !booking.priceProposedAt) return null;
  const estimate = booking.estimatedAmountCents ?? booking.totalAmountCents;
  const bounds = priceBounds(estimate, config);
  return {
    amount: centsToDollars(booking.proposedPriceCents),
    estimate: centsToDollars(estimate),
    withoutApproval: { min: centsToDollars(bounds.minCents), max: centsToDollars(bounds.maxCents) },
    proposedAt: booking.priceProposedAt.toISOString(),
  };
}
