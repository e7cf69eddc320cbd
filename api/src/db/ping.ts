import type { Knex } from 'knex';

/** Asks the database the cheapest question there is; rejects when it cannot answer. */
export async function pingDatabase(db: Knex): Promise<void> {
  await db.raw('SELECT 1');
}
