import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { adminChecklistsSchema, type ChecklistSaveInput } from '@twinclean/shared/checklists';
import { getJson, sendJson } from '@twinclean/shared/http';
import { checklistKeys } from '../../lib/checklists';

// Keys are the URL they read, in segments (web/src/lib/session.ts).
export const adminChecklistKeys = {
  current: ['/api/admin/checklists'] as const,
};
const AUDIT_KEY = ['/api/admin/audit-log'] as const;

export const adminChecklistsQueryOptions = () =>
  queryOptions({
    queryKey: adminChecklistKeys.current,
    queryFn: async () => adminChecklistsSchema.parse(await getJson('/api/admin/checklists')),
  });

/**
 * Saves every list as a new version (owners; the API refuses staff with 403). On success the
 * editor shows the answer, and the audit log and this tab's copy of /services' lists are read
 * again, so the owner's next look at the site shows what they saved.
 */
export function useSaveChecklists() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ChecklistSaveInput) =>
      adminChecklistsSchema.parse(await sendJson('PUT', '/api/admin/checklists', input)),
    onSuccess: (saved) => {
      queryClient.setQueryData(adminChecklistKeys.current, saved);
      return Promise.all(
        [AUDIT_KEY, checklistKeys.public()].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}
