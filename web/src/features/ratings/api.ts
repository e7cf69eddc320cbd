import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { getJson, postJson } from '@twinclean/shared/http';
import {
  type RatingInput,
  ratingLinkViewSchema,
  ratingStateSchema,
} from '@twinclean/shared/ratings';

// Keys are the URL they read, in segments (web/src/lib/session.ts): a client's booking is
// ['/api/bookings', id], and its answer carries the rating, so rating it refreshes that.

export const ratingLinkKeys = {
  detail: (token: string) => ['/api/ratings', token] as const,
};

const bookingKey = (id: string) => ['/api/bookings', id] as const;

export const ratingLinkQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ratingLinkKeys.detail(token),
    queryFn: async () =>
      ratingLinkViewSchema.parse(await getJson(`/api/ratings/${encodeURIComponent(token)}`)),
  });

const postRating = async (url: string, input: RatingInput) =>
  ratingStateSchema.parse(await postJson(url, input));

/** POST /api/bookings/{id}/rating: the signed-in client rates their visit. */
export function useRateVisit(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // Sent even when the browser says it is offline: a failure shows at once.
    networkMode: 'always',
    mutationFn: (input: RatingInput) =>
      postRating(`/api/bookings/${encodeURIComponent(bookingId)}/rating`, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingKey(bookingId) }),
  });
}

/** POST /api/ratings/{token}: whoever holds the e-mailed link rates the visit. */
export function useRateByLink(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: (input: RatingInput) =>
      postRating(`/api/ratings/${encodeURIComponent(token)}`, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ratingLinkKeys.detail(token) }),
  });
}
