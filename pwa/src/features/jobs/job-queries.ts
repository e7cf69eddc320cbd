import { queryOptions } from '@tanstack/react-query';
import { providerJobSchema } from '@twinclean/shared/provider-jobs';
import * as z from 'zod/mini';
import { getParsed } from '../../lib/api-reads';
import { providerKeys } from '../../lib/query-keys';

/** The provider's own jobs, for the dashboard. */
export const jobsQuery = queryOptions({
  queryKey: providerKeys.jobs,
  queryFn: () => getParsed('/api/provider/jobs', z.array(providerJobSchema)),
});

/** One of the provider's jobs, for its page. */
export const jobQuery = (id: string) =>
  queryOptions({
    queryKey: providerKeys.job(id),
    queryFn: () => getParsed(`/api/provider/jobs/${id}`, providerJobSchema),
  });
