import type { Knex } from 'knex';
import type { JobQueue } from '../../jobs/queue';
import { compactTallies } from './tallies.sql';

// The admin tallies' compaction as a recurring job; the tallies' SQL is in tallies.sql.ts.

const COMPACTION_QUEUE = 'admin-tally-compaction';

/** Every five minutes, in whichever process takes the job: a few hundred rows per log at most. */
export async function startTallyCompaction(jobs: JobQueue, db: Knex): Promise<void> {
  await jobs.work(COMPACTION_QUEUE, () => compactTallies(db));
  await jobs.every(COMPACTION_QUEUE, '*/5 * * * *');
}
