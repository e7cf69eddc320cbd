import { queryOptions } from '@tanstack/react-query';
import { adminStatsSchema } from '@twinclean/shared/admin';
import { getJson } from '@twinclean/shared/http';

// Keys are the URL they read, in segments: Mark Paid refetches ['/api/admin/stats'] by name.
export const adminStatsKeys = { all: ['/api/admin/stats'] as const };

export const adminStatsQueryOptions = () =>
  queryOptions({
    queryKey: adminStatsKeys.all,
    queryFn: async () => adminStatsSchema.parse(await getJson('/api/admin/stats')),
  });
