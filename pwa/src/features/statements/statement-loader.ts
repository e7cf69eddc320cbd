import type { QueryClient } from '@tanstack/react-query';
import { prefetching } from '../../lib/api-reads';
import { statementQuery } from './statement-queries';

/** Starts reading the week; a link that is not a date (null) asks the server nothing. */
export const statementLoader = ({
  context,
  params,
}: {
  context: { queryClient: QueryClient };
  params: { weekStart: string | null };
}) => {
  if (params.weekStart) prefetching(statementQuery(params.weekStart))({ context });
};
