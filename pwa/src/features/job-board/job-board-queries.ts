import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@twinclean/shared/http';
import { openJobSchema } from '@twinclean/shared/provider-jobs';
import * as z from 'zod/mini';
import { getParsed } from '../../lib/api-reads';
import { providerKeys } from '../../lib/query-keys';

/** Jobs come and go as others accept them: every visit asks again (the saved board shows meanwhile). */
export const jobBoardQuery = queryOptions({
  queryKey: providerKeys.jobBoard,
  queryFn: () => getParsed('/api/provider/job-board', z.array(openJobSchema)),
  staleTime: 0,
});

/** Spec 2 §7: a won job leaves the board and joins the provider's jobs. */
export function useAcceptJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('POST', `/api/provider/job-board/${id}/accept`),
    onSettled: () =>
      Promise.all(
        [providerKeys.jobBoard, providerKeys.jobs, providerKeys.stats].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
