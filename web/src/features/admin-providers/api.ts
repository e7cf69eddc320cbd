import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type AdminProviderSearch,
  adminProviderListQuerySchema,
  adminProviderPageSchema,
  adminProviderSchema,
  peopleQueryString,
} from '@twinclean/shared/admin-people';
import { getJson, postJson } from '@twinclean/shared/http';

// Keys are the URL they read, in segments (web/src/lib/session.ts): a provider's details are
// ['/api/admin/providers', id], so a change there refreshes the list too.
export const adminProviderKeys = {
  all: ['/api/admin/providers'] as const,
  list: (search: AdminProviderSearch) => [...adminProviderKeys.all, search] as const,
  detail: (id: string) => [...adminProviderKeys.all, id] as const,
};

export const adminProvidersQueryOptions = (search: AdminProviderSearch) =>
  queryOptions({
    queryKey: adminProviderKeys.list(search),
    queryFn: async () =>
      adminProviderPageSchema.parse(
        await getJson(
          `/api/admin/providers${peopleQueryString(adminProviderListQuerySchema, search)}`,
        ),
      ),
    staleTime: 10_000,
  });

export const adminProviderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminProviderKeys.detail(id),
    queryFn: async () =>
      adminProviderSchema.parse(await getJson(`/api/admin/providers/${encodeURIComponent(id)}`)),
    staleTime: 10_000,
  });

/** POST /api/admin/providers/{id}/vip: the answer is the provider as they now stand. */
export function useSetVip(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: async (vip: boolean) =>
      adminProviderSchema.parse(
        await postJson(`/api/admin/providers/${encodeURIComponent(id)}/vip`, { vip }),
      ),
    onSuccess: (provider) => {
      queryClient.setQueryData(adminProviderKeys.detail(id), provider);
      void queryClient.invalidateQueries({
        queryKey: adminProviderKeys.all,
        predicate: (query) => query.queryKey[1] !== id,
      });
    },
  });
}
