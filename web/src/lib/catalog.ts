import { queryOptions, useQuery } from '@tanstack/react-query';
import { addOnListSchema } from '@twinclean/shared/add-ons';
import { getJson } from '@twinclean/shared/http';
import { pricingConfigSchema } from '@twinclean/shared/pricing-config';

// What the public pages and the wizard both show: prices and the add-on list.

export const catalogKeys = {
  pricing: () => ['/api/pricing'] as const,
  addOns: () => ['/api/add-ons'] as const,
};

// The owner edits prices on /admin/pricing: a tab left open asks again on its next page after a
// minute, instead of showing the prices it first read for as long as it stays open.
const LIVE_PRICES_MS = 60_000;

export const pricingQueryOptions = () =>
  queryOptions({
    queryKey: catalogKeys.pricing(),
    queryFn: async () => pricingConfigSchema.parse(await getJson('/api/pricing')),
    staleTime: LIVE_PRICES_MS,
  });

export const addOnsQueryOptions = () =>
  queryOptions({
    queryKey: catalogKeys.addOns(),
    queryFn: async () => addOnListSchema.parse(await getJson('/api/add-ons')),
    staleTime: LIVE_PRICES_MS,
  });

export const usePricing = () => useQuery(pricingQueryOptions());
export const useAddOns = () => useQuery(addOnsQueryOptions());
