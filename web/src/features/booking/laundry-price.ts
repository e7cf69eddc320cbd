import type { DiscountTerms } from '@twinclean/shared/discount-codes';
import { formatDollars } from '@twinclean/shared/money';
import { depositCents, estimateLaundry } from '@twinclean/shared/pricing';
import type { PricingConfig } from '@twinclean/shared/pricing-config';
import type { SubscriptionType } from '@twinclean/shared/roles';
import { seriesDiscountCents } from '@twinclean/shared/series-pricing';
import type { LaundryBooking } from '@twinclean/shared/special-bookings';
import { withCode } from './discount';
import { type Balances, summaryWithBalances, withBalances } from './prepaid';

type Order = Pick<LaundryBooking, 'numberOfLoads' | 'greenCleaning' | 'frequency'>;

/**
 * The price lines of a laundry order, from the same function the server prices it with: a
 * series' discount as its own line, a code's, then what credit and a gift card pay.
 */
export function laundryPrice(
  order: Order,
  pricing: PricingConfig,
  subscription: SubscriptionType,
  code: DiscountTerms | null,
  balances: Balances,
) {
  const estimate = estimateLaundry({ ...order, subscription }, pricing);
  const coded = withCode(estimate.totalAmountCents, code);
  const paid = withBalances(
    coded.totalCents,
    balances,
    (total) => depositCents(total, subscription, pricing, order.frequency),
    order.frequency !== 'once',
  );
  const loadsCents = order.numberOfLoads * pricing.laundryLoadCents;
  const discount = seriesDiscountCents(loadsCents, pricing, order.frequency, subscription);
  const rows = [
    {
      label: `Loads (${order.numberOfLoads} × ${formatDollars(pricing.laundryLoadCents)})`,
      value: formatDollars(estimate.baseAmountCents + discount),
    },
    ...(discount > 0
      ? [{ label: 'Recurring discount', value: `−${formatDollars(discount)}` }]
      : []),
    { label: 'Eco-friendly detergent', value: formatDollars(estimate.greenCleaningFeeCents) },
    ...(coded.row ? [coded.row] : []),
  ];
  const total = {
    label: order.frequency === 'once' ? 'Total' : 'Each pickup',
    value: formatDollars(coded.totalCents),
  };
  // `prepaid`: credit or a gift card pay part of it, so the deposit is of what is left.
  return {
    ...summaryWithBalances(rows, total, paid),
    deposit: paid.depositCents,
    prepaid: paid.payRow !== null,
  };
}
