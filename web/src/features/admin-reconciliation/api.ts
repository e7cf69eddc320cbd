import { queryOptions } from '@tanstack/react-query';
import {
  type ReconciliationQuery,
  reconciliationSchema,
} from '@twinclean/shared/admin-reconciliation';
import { getJson } from '@twinclean/shared/http';

// Keys are the URL they read, in segments (web/src/lib/session.ts).

export const reconciliationQueryOptions = (days: ReconciliationQuery) =>
  queryOptions({
    queryKey: ['/api/admin/reconciliation', days] as const,
    queryFn: async () =>
      reconciliationSchema.parse(
        await getJson(`/api/admin/reconciliation?${new URLSearchParams(days).toString()}`),
      ),
  });
