import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  markPaidAnswerSchema,
  type payoutListQuerySchema,
  payoutsPageSchema,
  providerChoicesSchema,
} from '@twinclean/shared/admin';
import { getJson, sendJson } from '@twinclean/shared/http';
import type * as z from 'zod/mini';

// Keys are the URL they read, in segments (web/src/lib/session.ts).

export type PayoutQuery = z.output<typeof payoutListQuerySchema>;

export const payoutKeys = {
  all: ['/api/admin/payouts'] as const,
  list: (query: PayoutQuery) => [...payoutKeys.all, query] as const,
};
const STATS_KEY = ['/api/admin/stats'] as const;

/** The query string of the filters that are set, for the API and the CSV link alike. */
export const searchOf = (query: Partial<PayoutQuery>) => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
};

export const payoutsQueryOptions = (query: PayoutQuery) =>
  queryOptions({
    queryKey: payoutKeys.list(query),
    queryFn: async () =>
      payoutsPageSchema.parse(await getJson(`/api/admin/payouts${searchOf(query)}`)),
  });

export const providerChoicesQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/admin/provider-choices'] as const,
    queryFn: async () => providerChoicesSchema.parse(await getJson('/api/admin/provider-choices')),
  });

/**
 * Spec 2 §7: on success, refetch the payouts and the stats; on a refusal too, so a row the list
 * showed stale says why it cannot be paid instead of offering the button again.
 */
export function useMarkPaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      markPaidAnswerSchema.parse(
        await sendJson('PATCH', `/api/admin/payouts/${encodeURIComponent(id)}/mark-paid`),
      ),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: payoutKeys.all }),
        queryClient.invalidateQueries({ queryKey: STATS_KEY }),
      ]),
  });
}
