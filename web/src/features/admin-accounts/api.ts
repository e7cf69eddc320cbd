import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type AdminInvite,
  type AdminListQuery,
  type AdminRole,
  adminAccountAnswerSchema,
  adminAccountsPageSchema,
  deactivationAnswerSchema,
} from '@twinclean/shared/admin-accounts';
import { getJson, postJson, sendJson } from '@twinclean/shared/http';

// Keys are the URL they read, in segments (web/src/lib/session.ts).
export const adminAccountKeys = {
  all: ['/api/admin/admins'] as const,
  list: (query: AdminListQuery) => [...adminAccountKeys.all, query] as const,
};

export const adminAccountsQueryOptions = (query: AdminListQuery) =>
  queryOptions({
    queryKey: adminAccountKeys.list(query),
    queryFn: async () =>
      adminAccountsPageSchema.parse(
        await getJson(`/api/admin/admins${query.page ? `?page=${query.page}` : ''}`),
      ),
  });

function useAdminsChange<I, O>(request: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    // The audit log's admin filter lists admins too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminAccountKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['/api/admin/audit-log'] }),
      ]),
  });
}

export const useInviteAdmin = () =>
  useAdminsChange(async (input: AdminInvite) =>
    adminAccountAnswerSchema.parse(await postJson('/api/admin/admins', input)),
  );

export const useChangeRole = (id: string) =>
  useAdminsChange(async (input: { role: AdminRole }) =>
    adminAccountAnswerSchema.parse(
      await sendJson('PATCH', `/api/admin/admins/${encodeURIComponent(id)}`, input),
    ),
  );

/** POST /api/admin/users/{id}/deactivate or …/reactivate. */
export const useAccountState = (id: string) =>
  useAdminsChange(async (change: 'deactivate' | 'reactivate') =>
    deactivationAnswerSchema.parse(
      await postJson(`/api/admin/users/${encodeURIComponent(id)}/${change}`),
    ),
  );
