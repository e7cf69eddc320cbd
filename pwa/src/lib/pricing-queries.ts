import { queryOptions } from '@tanstack/react-query';
import { pricingConfigSchema } from '@twinclean/shared/pricing-config';
import { getParsed } from './api-reads';
import { providerKeys } from './query-keys';

// The owner's pricing, read by the clock-out (wait pay, the final price's hint) and the job
// page's final price form: one saved answer, two views of it.

/** The owner's maximum wait pay, saved with the rest so a clock-out offline still knows it. */
export const waitPayLimitQuery = queryOptions({
  queryKey: providerKeys.pricing,
  queryFn: () => getParsed('/api/pricing', pricingConfigSchema),
  select: (pricing) => pricing.maxWaitPayCents,
});

/**
 * The owner's bounds around an estimate within which a confirmed final price takes effect at
 * once, saved with the rest of the pricing so the clock-out's hint knows them offline.
 */
export const finalPricePercentsQuery = queryOptions({
  queryKey: providerKeys.pricing,
  queryFn: () => getParsed('/api/pricing', pricingConfigSchema),
  // A pricing answer saved by an app from before the bounds existed has none (saved answers are
  // not parsed again): the hint then says less, and the server decides either way.
  select: ({ finalPriceMinPercent, finalPriceMaxPercent }) =>
    Number.isInteger(finalPriceMinPercent) && Number.isInteger(finalPriceMaxPercent)
      ? { finalPriceMinPercent, finalPriceMaxPercent }
      : null,
});
