import type { Knex } from 'knex';
import { expect } from 'vitest';

/**
 * Resolves once a query of this test database waits on a lock: a request racing a transaction
 * the test holds open has reached the row it must wait for.
 */
export async function untilWaitingOnALock(knex: Knex): Promise<void> {
  await expect
    .poll(async () => {
      const { rows } = await knex.raw<{ rows: unknown[] }>(
        `SELECT 1 FROM pg_stat_activity
         WHERE datname = current_database() AND wait_event_type = 'Lock'`,
      );
      return rows.length;
    })
    .toBe(1);
}
