import { prefetching } from '../../lib/api-reads';
import { payoutAccountQuery } from './account-queries';

export const payoutAccountLoader = prefetching(payoutAccountQuery);
