import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { getJson, postJson } from '@twinclean/shared/http';
import {
  clientSeriesListSchema,
  clientSeriesSchema,
  type SeriesChange,
  seriesConsequenceSchema,
} from '@twinclean/shared/series';

// The client's series (issue 31). Keys are the URL they read, in segments (web/src/lib/session.ts).

export const seriesKeys = {
  all: ['/api/series'] as const,
  detail: (id: string) => [...seriesKeys.all, id] as const,
};

/** The client portal's bookings key (features/client/api.ts): a change moves, skips or cancels visits. */
const CLIENT_BOOKINGS_KEY = ['/api/bookings'] as const;

export const seriesListQueryOptions = () =>
  queryOptions({
    queryKey: seriesKeys.all,
    queryFn: async () => clientSeriesListSchema.parse(await getJson('/api/series')).series,
  });

export const seriesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: seriesKeys.detail(id),
    queryFn: async () =>
      clientSeriesSchema.parse(await getJson(`/api/series/${encodeURIComponent(id)}`)),
  });

const seriesUrl = (id: string, action: 'preview' | 'changes') =>
  `/api/series/${encodeURIComponent(id)}/${action}`;

/** What a change would do, in the server's words; nothing changes. */
export const usePreviewSeriesChange = (id: string) =>
  useMutation({
    networkMode: 'always',
    mutationFn: async (change: SeriesChange) =>
      seriesConsequenceSchema.parse(await postJson(seriesUrl(id, 'preview'), change)).consequence,
  });

/** Makes the change; the answer is the series as it now stands. */
export function useChangeSeries(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // Sent even offline: a request that cannot go fails at once, not behind a spinner.
    networkMode: 'always',
    mutationFn: async (change: SeriesChange) =>
      clientSeriesSchema.parse(await postJson(seriesUrl(id, 'changes'), change)),
    onSuccess: (series) => {
      queryClient.setQueryData(seriesKeys.detail(id), series);
      void queryClient.invalidateQueries({ queryKey: seriesKeys.all });
      void queryClient.invalidateQueries({ queryKey: CLIENT_BOOKINGS_KEY });
    },
  });
}
