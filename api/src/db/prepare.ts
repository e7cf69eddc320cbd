import type { Knex } from 'knex';
import pg from 'pg';
import type { Logger } from 'pino';
import { seedDemoData } from '../../db/seeds/seed';

/**
 * Migrates, and loads the demo data into an empty database when asked, once however many
 * processes start together: each waits its turn on one advisory lock, held on a connection of
 * its own (knex's own migration lock makes a second process fail instead of wait).
 */
export async function prepareDatabase(
  knex: Knex,
  url: string,
  options: { seedDemo: boolean; logger: Logger },
): Promise<void> {
  const holder = new pg.Client({ connectionString: url });
  await holder.connect();
  try {
    await holder.query("SELECT pg_advisory_lock(hashtext('twinclean:prepare-database'))");
    await knex.migrate.latest();
    if (!options.seedDemo) return;
    const { count } = (await knex('users').count({ count: '*' }).first()) as { count: number };
    if (Number(count) > 0) return;
    options.logger.info('empty database: loading demo data');
    await seedDemoData(knex);
  } finally {
    // Ending the session releases the lock too; unlocking first lets the next process in sooner.
    await holder
      .query("SELECT pg_advisory_unlock(hashtext('twinclean:prepare-database'))")
      .catch(() => {});
    await holder.end();
  }
}
