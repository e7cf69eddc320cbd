import type { Knex } from 'knex';
import pino from 'pino';
import { expect } from 'vitest';
import type { AppDeps } from '../app';
import { startAuctionWorker } from '../modules/auction/alerts';
import { startJobAlertWorkers } from '../modules/push/job-alerts';

/**
 * The app's job-alert workers (the auction board's urgent alerts among them) on its own queue,
 * database and push sender, as the server runs them (workers.ts).
 */
export async function startAlertWorkers(deps: Pick<AppDeps, 'jobs' | 'db' | 'push'>) {
  const logger = pino({ level: 'silent' });
  await startJobAlertWorkers({ queue: deps.jobs, db: deps.db, sender: deps.push, logger });
  await startAuctionWorker({ queue: deps.jobs, db: deps.db, logger });
}

/** Every queued alert and push has run (or given up): what has not arrived by now never will. */
export async function alertsSettled(knex: Knex): Promise<void> {
  await expect
    .poll(
      async () => {
        const row = await knex('pgboss.job')
          .where('name', 'like', 'job-alerts.%')
          .whereNotIn('state', ['completed', 'failed', 'cancelled'])
          .count({ count: '*' })
          .first();
        return Number(row?.count);
      },
      { timeout: 15_000, interval: 100 },
    )
    .toBe(0);
}
