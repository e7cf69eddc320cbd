import { Readable } from 'node:stream';
import type { Knex } from 'knex';
import { knexSnakeCaseMappers } from 'objection';
import { type Cell, csvHeader, csvLine } from './csv';
import { CURSOR_BATCH, declareCursor, fetchBatch } from './export-cursor.sql';

// Raw queries' and cursors' rows come back as PostgreSQL named them.
export const { postProcessResponse: camelCaseRows } = knexSnakeCaseMappers();

/**
 * A CSV file of a query's rows (every admin export: bookings, newsletter subscribers, marketing
 * contacts), read through a cursor a batch at a time as the client takes the file, so 100,000
 * rows never sit in memory. The first batch is read before answering, so a failing query is
 * still an error answer rather than a cut-off file.
 */
export async function streamCsv<T>(
  db: Knex,
  query: { sql: string; bindings: readonly Knex.RawBinding[] },
  header: readonly string[],
  row: (record: T) => Cell[],
): Promise<Readable> {
  const trx = await db.transaction();
  // Once only, whoever gets there first; a rollback that fails has lost its connection, which
  // the pool replaces, so there is nothing more to do about it.
  const end = async () => {
    if (!trx.isCompleted()) await trx.rollback().catch(() => undefined);
  };
  const nextBatch = async () => camelCaseRows(await fetchBatch(trx)) as T[];
  let first: T[];
  try {
    await declareCursor(trx, query);
    first = await nextBatch();
  } catch (error) {
    await end();
    throw error;
  }
  async function* lines() {
    try {
      yield csvHeader(header);
      for (let batch = first; batch.length; batch = await nextBatch()) {
        yield batch.map((record) => csvLine(row(record))).join('');
        if (batch.length < CURSOR_BATCH) break;
      }
      await trx.commit();
    } finally {
      await end();
    }
  }
  const file = Readable.from(lines());
  // A client that leaves mid-file (or before the first byte, when the generator above never
  // starts and its finally never runs) closes the stream: the transaction, and the pooled
  // connection it holds, end then.
  file.once('close', () => void end());
  return file;
}
