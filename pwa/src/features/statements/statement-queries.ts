import { queryOptions } from '@tanstack/react-query';
import { statementListSchema, statementSchema } from '@twinclean/shared/payout-transfers';
import { getParsed } from '../../lib/api-reads';
import { providerKeys } from '../../lib/query-keys';

/** The weeks worked or paid, newest first, with the yearly totals and the next transfer. */
export const statementsQuery = queryOptions({
  queryKey: providerKeys.statements,
  queryFn: () => getParsed('/api/provider/statements', statementListSchema),
  // Monday's run changes it behind the app's back: the kept list shows at once, then is asked
  // again every time My Earnings opens, however fresh it seems.
  refetchOnMount: 'always',
});

/** One week's statement: its jobs, totals and transfer. */
export const statementQuery = (weekStart: string) =>
  queryOptions({
    queryKey: providerKeys.statement(weekStart),
    queryFn: () => getParsed(`/api/provider/statements/${weekStart}`, statementSchema),
  });
