import type { Knex } from 'knex';
import pino from 'pino';
import { expect } from 'vitest';
import type { AppDeps } from '../app';
import { startJobAlertWorkers } from '../modules/push/job-alerts';

/** The app's job-alert workers on its own queue, database and push sender, as the server runs them. */
export const startAlertWorkers = (deps: Pick<AppDeps, 'jobs' | 'db' | 'push'>) =>
  startJobAlertWorkers({
    queue: deps.jobs,
    db: deps.db,
    sender: deps.push,
    logger: pino({ level: 'silent' }),
  });

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
