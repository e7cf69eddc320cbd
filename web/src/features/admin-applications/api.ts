import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type ApplicationFilters,
  applicationDecisionSchema,
  applicationDetailSchema,
  applicationsPageSchema,
} from '@twinclean/shared/admin-applications';
import { getJson, postJson } from '@twinclean/shared/http';

// Keys are the URL they read, in segments (web/src/lib/session.ts).
export const applicationKeys = {
  all: ['/api/admin/provider-applications'] as const,
  list: (filters: ApplicationFilters) => [...applicationKeys.all, { list: filters }] as const,
  detail: (id: string) => [...applicationKeys.all, id] as const,
};

const queryString = (filters: ApplicationFilters) => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  return params.size ? `?${params}` : '';
};

export const applicationsQueryOptions = (filters: ApplicationFilters) =>
  queryOptions({
    queryKey: applicationKeys.list(filters),
    queryFn: async () =>
      applicationsPageSchema.parse(
        await getJson(`/api/admin/provider-applications${queryString(filters)}`),
      ),
  });

export const applicationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: applicationKeys.detail(id),
    queryFn: async () =>
      applicationDetailSchema.parse(
        await getJson(`/api/admin/provider-applications/${encodeURIComponent(id)}`),
      ),
  });

export type Decision = 'approve' | 'reject';

/** Approve or reject: the list and this application change; an approval adds a provider. */
export function useDecision(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (decision: Decision) =>
      applicationDecisionSchema.parse(
        await postJson(`/api/admin/provider-applications/${encodeURIComponent(id)}/${decision}`),
      ),
    onSuccess: (answer) => {
      queryClient.setQueryData(applicationKeys.detail(id), answer.application);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: applicationKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['/api/admin/provider-choices'] }),
        queryClient.invalidateQueries({ queryKey: ['/api/admin/stats'] }),
      ]);
    },
  });
}
