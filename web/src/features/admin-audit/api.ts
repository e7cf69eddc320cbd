import { queryOptions } from '@tanstack/react-query';
import { type AuditFilters, auditPageSchema } from '@twinclean/shared/admin-audit';
import { getJson } from '@twinclean/shared/http';

// Keys are the URL they read, in segments (web/src/lib/session.ts).
export const auditKeys = {
  all: ['/api/admin/audit-log'] as const,
  list: (filters: AuditFilters) => [...auditKeys.all, filters] as const,
};

export const auditLogQueryOptions = (filters: AuditFilters) =>
  queryOptions({
    queryKey: auditKeys.list(filters),
    queryFn: async () => {
      const params = new URLSearchParams();
      for (const [name, value] of Object.entries(filters)) {
        if (value !== undefined && value !== '') params.set(name, String(value));
      }
      const query = params.size ? `?${params}` : '';
      return auditPageSchema.parse(await getJson(`/api/admin/audit-log${query}`));
    },
  });
