import { queryOptions } from '@tanstack/react-query';
import { providerPayoutSchema, providerStatsSchema } from '@twinclean/shared/provider-jobs';
import * as z from 'zod/mini';
import { getParsed } from '../../lib/api-reads';
import { providerKeys } from '../../lib/query-keys';

/** Earnings, hours, jobs done and rating: the payouts page's tiles and the dashboard's. */
export const statsQuery = queryOptions({
  queryKey: providerKeys.stats,
  queryFn: () => getParsed('/api/provider/stats', providerStatsSchema),
});

export const payoutsQuery = queryOptions({
  queryKey: providerKeys.payouts,
  queryFn: () => getParsed('/api/provider/payouts', z.array(providerPayoutSchema)),
});
