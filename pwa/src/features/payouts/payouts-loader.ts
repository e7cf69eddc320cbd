import { prefetching } from '../../lib/api-reads';
import { payoutsQuery, statsQuery } from './payout-queries';

export const payoutsLoader = prefetching(payoutsQuery, statsQuery);
