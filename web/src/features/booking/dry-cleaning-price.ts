import type { DiscountTerms } from '@twinclean/shared/discount-codes';
import { formatDollars } from '@twinclean/shared/money';
import { depositCents, dryCleaningLines, estimateDryCleaning } from '@twinclean/shared/pricing';
import type { PricingConfig } from '@twinclean/shared/pricing-config';
import type { SubscriptionType } from '@twinclean/shared/roles';
import type { DryCleaningItemId } from '@twinclean/shared/services';
import { withCode } from './discount';
import { type Balances, summaryWithBalances, withBalances } from './prepaid';
import type { EstimateRow } from './special-summary';

type Items = Partial<Record<DryCleaningItemId, number>>;

/**
 * The order summary, as the shared estimate prices it: each chosen item, what the items come
 * to, the minimum when it is what the order costs (it replaces the items' sum, never adds to
 * it), green cleaning, the total.
 */
export function orderPrice(
  order: { items: Items; greenCleaning: boolean },
  pricing: PricingConfig,
  subscription: SubscriptionType,
  code: DiscountTerms | null,
  balances: Balances = { creditCents: 0, giftCardCents: 0 },
) {
  const estimate = estimateDryCleaning(order, pricing);
  const coded = withCode(estimate.totalAmountCents, code);
  const paid = withBalances(coded.totalCents, balances, (total) =>
    depositCents(total, subscription, pricing),
  );
  const rows: EstimateRow[] = dryCleaningLines(order.items, pricing).map((line) => ({
    label: `${line.name} × ${line.quantity}`,
    value: formatDollars(line.cents),
  }));
  rows.push({ label: 'Items', value: formatDollars(estimate.itemsCents), subtotal: true });
  if (estimate.baseAmountCents > estimate.itemsCents) {
    rows.push({ label: 'Minimum order applies', value: formatDollars(estimate.baseAmountCents) });
  }
  rows.push({ label: 'Green cleaning', value: formatDollars(estimate.greenCleaningFeeCents) });
  if (coded.row) rows.push(coded.row);
  const total = { label: 'Estimated total', value: formatDollars(coded.totalCents) };
  // `prepaid`: credit or a gift card pay part of it, so the deposit is of what is left.
  return {
    ...summaryWithBalances(rows, total, paid),
    deposit: paid.depositCents,
    prepaid: paid.payRow !== null,
  };
}
