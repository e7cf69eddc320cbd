import { queryOptions } from '@tanstack/react-query';
import { getJson } from '@twinclean/shared/http';
import { adminReferralsSchema } from '@twinclean/shared/referrals';

// Keys are the URL they read, in segments (web/src/lib/session.ts).
const BASE = '/api/admin/referrals';

export const referralsQueryOptions = () =>
  queryOptions({
    queryKey: [BASE] as const,
    queryFn: async () => adminReferralsSchema.parse(await getJson(BASE)),
  });
