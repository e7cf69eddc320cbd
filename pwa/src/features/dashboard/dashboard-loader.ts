import { prefetching } from '../../lib/api-reads';
import { jobBoardQuery } from '../job-board/job-board-queries';
import { jobsQuery } from '../jobs/job-queries';
import { statsQuery } from '../payouts/payout-queries';

export const dashboardLoader = prefetching(statsQuery, jobsQuery, jobBoardQuery);
