import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  adminPricingSchema,
  type PricingSave,
  pricingHistorySchema,
  pricingSavedSchema,
} from '@twinclean/shared/admin-pricing';
import { getJson, sendJson } from '@twinclean/shared/http';
import { catalogKeys } from '../../lib/catalog';

// Keys are the URL they read, in segments (web/src/lib/session.ts).
export const pricingKeys = {
  current: ['/api/admin/pricing'] as const,
  history: (page: number) => ['/api/admin/pricing/versions', page] as const,
  allHistory: ['/api/admin/pricing/versions'] as const,
};
const AUDIT_KEY = ['/api/admin/audit-log'] as const;

export const adminPricingQueryOptions = () =>
  queryOptions({
    queryKey: pricingKeys.current,
    queryFn: async () => adminPricingSchema.parse(await getJson('/api/admin/pricing')),
  });

export const pricingHistoryQueryOptions = (page: number) =>
  queryOptions({
    queryKey: pricingKeys.history(page),
    queryFn: async () =>
      pricingHistorySchema.parse(await getJson(`/api/admin/pricing/versions?page=${page}`)),
  });

/**
 * Saves every price. On success the editor, its history, the audit log and this tab's copy of
 * the public prices are read again, so the owner's next look at the site shows what they set.
 */
export function useSavePricing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: PricingSave) =>
      pricingSavedSchema.parse(await sendJson('PUT', '/api/admin/pricing', input)),
    onSuccess: (saved) => {
      queryClient.setQueryData(pricingKeys.current, saved);
      return Promise.all(
        [pricingKeys.allHistory, AUDIT_KEY, catalogKeys.pricing(), catalogKeys.addOns()].map(
          (queryKey) => queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}
