import type { JobQueue } from '../../jobs/queue';
import type { SeriesDeps } from './deps';
import { generateSeriesVisits } from './generate';

const SERIES_QUEUE = 'series-visits';

/**
 * Plans the series' visits for the booking window once a day, just after midnight in Chicago
 * (06:10 UTC is 00:10 CST, 01:10 CDT), so the window's new last day has its visits by morning.
 * Any number of worker processes may run it: each visit is created once (generate.ts).
 */
export async function startSeriesWorkers(deps: SeriesDeps & { jobs: JobQueue }): Promise<void> {
  await deps.jobs.work(SERIES_QUEUE, async () => {
    const { created } = await generateSeriesVisits(deps, new Date());
    deps.logger.info({ created }, 'series visits planned');
  });
  await deps.jobs.every(SERIES_QUEUE, '10 6 * * *');
}
