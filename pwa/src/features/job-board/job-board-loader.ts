import { prefetching } from '../../lib/api-reads';
import { availabilityQuery } from '../availability/availability-queries';
import { jobBoardQuery } from './job-board-queries';

export const jobBoardLoader = prefetching(jobBoardQuery, availabilityQuery);
