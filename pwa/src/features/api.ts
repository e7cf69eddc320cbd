import {
  type FetchQueryOptions,
  type QueryClient,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { type AvailabilityInput, availabilitySlotSchema } from '@twinclean/shared/availability';
import { apiRequest, getJson, hasCode } from '@twinclean/shared/http';
import { pricingConfigSchema } from '@twinclean/shared/pricing';
import {
  openJobSchema,
  providerJobSchema,
  providerPayoutSchema,
  providerStatsSchema,
} from '@twinclean/shared/provider-jobs';
import * as z from 'zod/mini';

// Every read the provider app makes, typed by the shared schemas.

/**
 * Query keys, one factory: each key is its URL, so the answers phones saved offline under
 * earlier versions still match.
 */
export const providerKeys = {
  stats: ['/api/provider/stats'] as const,
  jobs: ['/api/provider/jobs'] as const,
  job: (id: string) => [...providerKeys.jobs, id] as const,
  jobBoard: ['/api/provider/job-board'] as const,
  payouts: ['/api/provider/payouts'] as const,
  availability: ['/api/provider/availability'] as const,
  pricing: ['/api/pricing'] as const,
};

async function getParsed<S extends z.ZodMiniType>(url: string, schema: S): Promise<z.infer<S>> {
  return schema.parse(await getJson(url));
}

export const statsQuery = queryOptions({
  queryKey: providerKeys.stats,
  queryFn: () => getParsed('/api/provider/stats', providerStatsSchema),
});

export const jobsQuery = queryOptions({
  queryKey: providerKeys.jobs,
  queryFn: () => getParsed('/api/provider/jobs', z.array(providerJobSchema)),
});

export const jobQuery = (id: string) =>
  queryOptions({
    queryKey: providerKeys.job(id),
    queryFn: () => getParsed(`/api/provider/jobs/${id}`, providerJobSchema),
  });

/** Jobs come and go as others accept them: every visit asks again (the saved board shows meanwhile). */
export const jobBoardQuery = queryOptions({
  queryKey: providerKeys.jobBoard,
  queryFn: () => getParsed('/api/provider/job-board', z.array(openJobSchema)),
  staleTime: 0,
});

export const payoutsQuery = queryOptions({
  queryKey: providerKeys.payouts,
  queryFn: () => getParsed('/api/provider/payouts', z.array(providerPayoutSchema)),
});

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

export const availabilityQuery = queryOptions({
  queryKey: providerKeys.availability,
  queryFn: () => getParsed('/api/provider/availability', z.array(availabilitySlotSchema)),
});

/**
 * A route loader that starts its screen's reads as the route matches (STYLE.md: loaders
 * prefetch). It never waits: offline, a read with nothing saved would keep the screen from
 * ever showing, so the screen shows what is saved and its own loading or offline state.
 */
export const prefetching =
  (...queries: { queryKey: readonly unknown[] }[]) =>
  ({ context }: { context: { queryClient: QueryClient } }) => {
    // Each is one of the queryOptions above, queryFn included; only its key is typed here.
    for (const query of queries) void context.queryClient.prefetchQuery(query as FetchQueryOptions);
  };

/** The thing asked for is not there (or not this provider's). */
export const isNotFound = (error: unknown) => hasCode(error, 'not_found');

/** Spec 2 §7: a won job leaves the board and joins the provider's jobs. */
export function useAcceptJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('POST', `/api/provider/job-board/${id}/accept`),
    onSettled: () =>
      Promise.all(
        [jobBoardQuery, jobsQuery, statsQuery].map((q) =>
          queryClient.invalidateQueries({ queryKey: q.queryKey }),
        ),
      ),
  });
}

/** Add (no id) or update a slot; the board depends on the slots, so it is refetched too. */
export function useSaveSlot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, slot }: { id?: string; slot: AvailabilityInput }) =>
      id
        ? apiRequest('PUT', `/api/provider/availability/${id}`, slot)
        : apiRequest('POST', '/api/provider/availability', slot),
    onSuccess: () => invalidateAvailability(queryClient),
  });
}

export function useDeleteSlot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `/api/provider/availability/${id}`),
    onSuccess: () => invalidateAvailability(queryClient),
  });
}

function invalidateAvailability(queryClient: ReturnType<typeof useQueryClient>) {
  return Promise.all(
    [availabilityQuery, jobBoardQuery].map((q) =>
      queryClient.invalidateQueries({ queryKey: q.queryKey }),
    ),
  );
}
