import { queryOptions } from '@tanstack/react-query';
import {
  type AdminClientSearch,
  adminClientListQuerySchema,
  adminClientPageSchema,
  adminClientSchema,
  peopleQueryString,
} from '@twinclean/shared/admin-people';
import { getJson } from '@twinclean/shared/http';

// Keys are the URL they read, in segments (web/src/lib/session.ts): a client's details are
// ['/api/admin/clients', id], so a change there refreshes the list too.
export const adminClientKeys = {
  all: ['/api/admin/clients'] as const,
  list: (search: AdminClientSearch) => [...adminClientKeys.all, search] as const,
  detail: (id: string) => [...adminClientKeys.all, id] as const,
};

export const adminClientsQueryOptions = (search: AdminClientSearch) =>
  queryOptions({
    queryKey: adminClientKeys.list(search),
    queryFn: async () =>
      adminClientPageSchema.parse(
        await getJson(`/api/admin/clients${peopleQueryString(adminClientListQuerySchema, search)}`),
      ),
    staleTime: 10_000,
  });

export const adminClientQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminClientKeys.detail(id),
    queryFn: async () =>
      adminClientSchema.parse(await getJson(`/api/admin/clients/${encodeURIComponent(id)}`)),
    staleTime: 10_000,
  });
