import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { getJson, postJson } from '@twinclean/shared/http';
import { adminRatingPageSchema, adminRatingSchema } from '@twinclean/shared/ratings';

// Keys are the URL they read, in segments (web/src/lib/session.ts).
export const adminRatingKeys = {
  provider: (providerId: string) => ['/api/admin/providers', providerId, 'ratings'] as const,
  page: (providerId: string, page: number) =>
    [...adminRatingKeys.provider(providerId), { page }] as const,
};

export const providerRatingsQueryOptions = (providerId: string, page: number) =>
  queryOptions({
    queryKey: adminRatingKeys.page(providerId, page),
    queryFn: async () =>
      adminRatingPageSchema.parse(
        await getJson(
          `/api/admin/providers/${encodeURIComponent(providerId)}/ratings?page=${page}`,
        ),
      ),
    // The page shown stays while the next one loads: the card does not jump.
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

/** POST /api/admin/ratings/{id}/hide or /show: the answer is the rating as it now stands. */
export function useCommentVisibility(providerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: async ({ id, hide }: { id: string; hide: boolean }) =>
      adminRatingSchema.parse(
        await postJson(`/api/admin/ratings/${encodeURIComponent(id)}/${hide ? 'hide' : 'show'}`),
      ),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: adminRatingKeys.provider(providerId) }),
  });
}
