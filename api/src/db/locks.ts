import type { Knex } from 'knex';

/** Serialises transactions that name the same key, until the transaction ends. */
export async function lockKey(trx: Knex.Transaction, key: string): Promise<void> {
  await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [key]);
}
