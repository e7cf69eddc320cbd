import { prefetching } from '../../lib/api-reads';
import { payoutAccountQuery } from '../payout-account/account-queries';
import { statementsQuery } from '../statements/statement-queries';
import { payoutsQuery, statsQuery } from './payout-queries';

export const payoutsLoader = prefetching(
  payoutsQuery,
  statsQuery,
  payoutAccountQuery,
  statementsQuery,
);
