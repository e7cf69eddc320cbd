import type { Knex } from 'knex';
import { expect } from 'vitest';

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
