import { queryOptions } from '@tanstack/react-query';
import { getJson } from '@twinclean/shared/http';
import { yearEndSchema } from '@twinclean/shared/payout-transfers';

// Keys are the URL they read, in segments (web/src/lib/session.ts).

export const yearEndQueryOptions = (year: number) =>
  queryOptions({
    queryKey: ['/api/admin/year-end', { year }] as const,
    queryFn: async () => yearEndSchema.parse(await getJson(`/api/admin/year-end?year=${year}`)),
  });
