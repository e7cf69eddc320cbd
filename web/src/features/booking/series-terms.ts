import { useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@twinclean/shared/auth';
import type { Frequency } from '@twinclean/shared/series';
import { seriesDiscountPercent } from '@twinclean/shared/series-pricing';
import { usePricing } from '../../lib/catalog';
import { paymentMethodsQueryOptions } from '../../lib/payment-methods';

/**
 * What a recurring choice means for this client: its discount (from the pricing config, by the
 * shared rule the server prices with) and whether a saved card is still missing.
 */
export function useSeriesTerms(user: CurrentUser | null) {
  const client = user?.role === 'client';
  const pricing = usePricing().data;
  const cards = useQuery({ ...paymentMethodsQueryOptions(), enabled: client });
  const subscription = user?.subscriptionType ?? 'none';
  const discountPercent = (frequency: Frequency): number =>
    pricing ? seriesDiscountPercent(pricing, frequency, subscription) : 0;
  return {
    discountPercent,
    // Unknown until the list is read: no notice rather than a wrong one.
    cardMissing: client && cards.data ? cards.data.length === 0 : undefined,
  };
}
