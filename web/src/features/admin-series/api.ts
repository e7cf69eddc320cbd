import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { providerChoicesSchema } from '@twinclean/shared/admin';
import {
  type AdminRegularProvider,
  type AdminSeriesChange,
  type AdminSeriesSearch,
  adminSeriesDetailsSchema,
  adminSeriesListQuerySchema,
  adminSeriesPageSchema,
} from '@twinclean/shared/admin-series';
import { getJson, postJson } from '@twinclean/shared/http';
import { seriesConsequenceSchema } from '@twinclean/shared/series';

// Keys are the URL they read, in segments: a series' details are ['/api/admin/series', id], so
// a change there refreshes the list too.
export const adminSeriesKeys = {
  all: ['/api/admin/series'] as const,
  list: (search: AdminSeriesSearch) => [...adminSeriesKeys.all, search] as const,
  detail: (id: string) => [...adminSeriesKeys.all, id] as const,
};

/** The list's URL query: only what differs from the defaults. */
export function seriesQueryString(search: AdminSeriesSearch): string {
  const defaults = adminSeriesListQuerySchema.parse({}) as Record<string, unknown>;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined || value === '' || value === defaults[key]) continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The URL's search read leniently: a field that does not parse is dropped, not an error page. */
export function readSeriesSearch(raw: Record<string, unknown>): AdminSeriesSearch {
  const search: Record<string, unknown> = {};
  for (const key of ['page', 'pageSize', 'frequency', 'providerId', 'paused'] as const) {
    if (raw[key] === undefined) continue;
    const parsed = adminSeriesListQuerySchema.safeParse({ [key]: raw[key] });
    if (parsed.success) search[key] = parsed.data[key];
  }
  return search as AdminSeriesSearch;
}

export const adminSeriesListQueryOptions = (search: AdminSeriesSearch) =>
  queryOptions({
    queryKey: adminSeriesKeys.list(search),
    queryFn: async () =>
      adminSeriesPageSchema.parse(await getJson(`/api/admin/series${seriesQueryString(search)}`)),
    staleTime: 10_000,
  });

export const adminSeriesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminSeriesKeys.detail(id),
    queryFn: async () =>
      adminSeriesDetailsSchema.parse(await getJson(`/api/admin/series/${encodeURIComponent(id)}`)),
    staleTime: 10_000,
  });

export const seriesProviderChoicesQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/admin/provider-choices'] as const,
    queryFn: async () => providerChoicesSchema.parse(await getJson('/api/admin/provider-choices')),
  });

/** What a change would do, asked before the confirm button is shown. */
export const previewSeriesChange = async (id: string, change: AdminSeriesChange) =>
  seriesConsequenceSchema.parse(
    await postJson(`/api/admin/series/${encodeURIComponent(id)}/preview`, change),
  ).consequence;

type Writes = { 'regular-provider': AdminRegularProvider; changes: AdminSeriesChange };

/** POSTs a write; the answer is the series as it now stands, put in place of the page's copy. */
export function useSeriesWrite<W extends keyof Writes>(id: string, write: W) {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: async (input: Writes[W]) =>
      adminSeriesDetailsSchema.parse(
        await postJson(`/api/admin/series/${encodeURIComponent(id)}/${write}`, input),
      ),
    onSuccess: (answer) => {
      queryClient.setQueryData(adminSeriesKeys.detail(id), answer);
      void queryClient.invalidateQueries({
        queryKey: adminSeriesKeys.all,
        predicate: (query) => query.queryKey[1] !== id,
      });
    },
  });
}
