import type { Knex } from 'knex';

// The cursor an admin CSV export reads its rows through (csv-stream.ts), a batch at a time.

/** Rows per FETCH: a few hundred kB in memory, however many rows match. */
export const CURSOR_BATCH = 1000;
// A cursor lives in its own transaction, so every export may use the same name.
const CURSOR = 'admin_csv_export';

/** Opens the export's cursor on `query` in `trx`, which must stay open while it is read. */
export async function declareCursor(
  trx: Knex.Transaction,
  query: { sql: string; bindings: readonly Knex.RawBinding[] },
): Promise<void> {
  await trx.raw(`DECLARE ${CURSOR} NO SCROLL CURSOR FOR ${query.sql}`, [...query.bindings]);
}

/**
 * The cursor's next batch of rows (fewer than CURSOR_BATCH at the end), their columns as
 * PostgreSQL names them: a cursor's rows skip knex's snake-case mappers.
 */
export async function fetchBatch(trx: Knex.Transaction): Promise<Record<string, unknown>[]> {
  return (await trx.raw(`FETCH ${CURSOR_BATCH} FROM ${CURSOR}`)).rows;
}
