import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  appliedDayMoveSchema,
  type DayMoveInput,
  dayMovePreviewSchema,
  dayMoveSchema,
  dayMoveSummarySchema,
} from '@twinclean/shared/day-moves';
import { getJson, postJson } from '@twinclean/shared/http';
import * as z from 'zod/mini';

// Keys are the URL they read, in segments (web/src/lib/session.ts).
export const dayMoveKeys = {
  history: ['/api/admin/day-moves'] as const,
  detail: (id: string) => ['/api/admin/day-moves', id] as const,
};

export const dayMoveHistoryQueryOptions = () =>
  queryOptions({
    queryKey: dayMoveKeys.history,
    queryFn: async () => z.array(dayMoveSummarySchema).parse(await getJson('/api/admin/day-moves')),
  });

export const dayMoveQueryOptions = (id: string) =>
  queryOptions({
    queryKey: dayMoveKeys.detail(id),
    queryFn: async () =>
      dayMoveSchema.parse(await getJson(`/api/admin/day-moves/${encodeURIComponent(id)}`)),
  });

/** What moving the date would do now; changes nothing. */
export function usePreviewDayMove() {
  return useMutation({
    mutationFn: async (input: { date: string }) =>
      dayMovePreviewSchema.parse(await postJson('/api/admin/day-moves/preview', input)),
  });
}

/** Moves the date; the history is read again. */
export function useApplyDayMove() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: DayMoveInput) =>
      appliedDayMoveSchema.parse(await postJson('/api/admin/day-moves', input)),
    onSuccess: () =>
      Promise.all(
        [dayMoveKeys.history, ['/api/admin/audit-log']].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
