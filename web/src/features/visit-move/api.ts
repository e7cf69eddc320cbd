import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type VisitMoveAnswer, visitMoveViewSchema } from '@twinclean/shared/day-moves';
import { getJson, postJson } from '@twinclean/shared/http';

// The moved visit's e-mailed link (issue 31 "Move a day"): no sign-in, the token is the key.

export const visitMoveKey = (token: string) => ['/api/visit-moves', token] as const;
const url = (token: string) => `/api/visit-moves/${encodeURIComponent(token)}`;

export const visitMoveQueryOptions = (token: string) =>
  queryOptions({
    queryKey: visitMoveKey(token),
    queryFn: async () => visitMoveViewSchema.parse(await getJson(url(token))),
  });

/** POST /api/visit-moves/{token}: accept, pick another time, or skip; answers the settled move. */
export function useAnswerVisitMove(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // Sent even when the browser says it is offline: a failure shows at once.
    networkMode: 'always',
    mutationFn: async (answer: VisitMoveAnswer) =>
      visitMoveViewSchema.parse(await postJson(url(token), answer)),
    onSuccess: (view) => queryClient.setQueryData(visitMoveKey(token), view),
    // A 409 means someone already answered: show what the move is now.
    onError: () => queryClient.invalidateQueries({ queryKey: visitMoveKey(token) }),
  });
}
