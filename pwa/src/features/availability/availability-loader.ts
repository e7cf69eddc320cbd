import { prefetching } from '../../lib/api-reads';
import { availabilityQuery } from './availability-queries';

export const availabilityLoader = prefetching(availabilityQuery);
