import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { getJson, sendJson } from '@twinclean/shared/http';
import {
  type ServedZipsInput,
  type ServedZipsView,
  servedZipsSavedSchema,
  servedZipsViewSchema,
} from '@twinclean/shared/service-area';

// Keys are the URL they read, in segments (web/src/lib/session.ts).

const BASE = '/api/admin/service-area';
/** /admin/waitlist shows each ZIP's served state: a save changes it. */
const WAITLIST_KEY = ['/api/admin/waitlist'] as const;

export const servedZipsQueryOptions = () =>
  queryOptions({
    queryKey: [BASE] as const,
    queryFn: async () => servedZipsViewSchema.parse(await getJson(BASE)),
  });

/** Save (owners): the whole list replaces the served one; the answer says what changed. */
export function useSaveServedZips() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ServedZipsInput) =>
      servedZipsSavedSchema.parse(await sendJson('PUT', BASE, input)),
    onSuccess: (saved) => {
      const view: ServedZipsView = { zips: saved.zips, waitingInServed: saved.waitingInServed };
      queryClient.setQueryData([BASE], view);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [BASE] }),
        queryClient.invalidateQueries({ queryKey: WAITLIST_KEY }),
      ]),
  });
}
