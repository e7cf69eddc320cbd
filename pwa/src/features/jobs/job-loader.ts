import type { QueryClient } from '@tanstack/react-query';
import { prefetching } from '../../lib/api-reads';
import { jobQuery } from './job-queries';

/** Starts reading the job; a link that is not a job id (null) asks the server nothing. */
export const jobLoader = ({
  context,
  params,
}: {
  context: { queryClient: QueryClient };
  params: { id: string | null };
}) => {
  if (params.id) prefetching(jobQuery(params.id))({ context });
};
