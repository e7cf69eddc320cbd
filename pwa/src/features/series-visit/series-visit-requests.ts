import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '@twinclean/shared/http';
import type { SeriesRelease } from '@twinclean/shared/series';
import { providerKeys } from '../../lib/query-keys';

/** POST /api/provider/jobs/{id}/release (one visit back to the board) or /give-up-series. */
export function useSeriesVisitAction(id: string, action: 'release' | 'give-up-series') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SeriesRelease) => postJson(`/api/provider/jobs/${id}/${action}`, input),
    // The visit (and for a series given up, the later ones) is no longer theirs: the lists and the
    // board change.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: providerKeys.jobs }),
        queryClient.invalidateQueries({ queryKey: providerKeys.jobBoard }),
      ]),
  });
}
