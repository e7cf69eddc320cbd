import type { Knex } from 'knex';
import type pg from 'pg';
import { markDatabaseError } from './unreachable';

/**
 * Query options (`.options(prepared('job-board'))`) that make a hot read a named prepared
 * statement: PostgreSQL parses it once per connection, and after five runs keeps one generic plan
 * if that plan is estimated no worse than a plan made for the values (the job board planned in
 * 2 ms and ran in 2.4 ms; see its `unestimated` clock). Only for a query whose SQL text is the
 * same on every call, values bound: pg refuses a name reused for another text.
 */
export const prepared = (name: string) => ({ name });

// knex's pool, as its client hands it out (internals stable since knex 0.95; jobs/queue.ts too).
type PoolClient = {
  acquireConnection(): Promise<pg.Client>;
  releaseConnection(connection: pg.Client): Promise<void>;
};

/**
 * Runs a named prepared statement (see `prepared`) on a connection of knex's pool, straight
 * through pg: for a public read built once (`toSQL().toNative()`), knex's query runner around
 * each call (its events, its response processing, a dozen promises) cost more CPU than pg's own
 * round trip. The pool, its guards and its error marking are knex's as for any other query.
 */
export async function queryPrepared<Row extends pg.QueryResultRow>(
  knex: Knex,
  name: string,
  { sql, bindings }: Knex.SqlNative,
): Promise<Row[]> {
  const client = knex.client as unknown as PoolClient;
  const connection = await client.acquireConnection();
  try {
    const { rows } = await connection.query<Row>({
      name,
      text: sql,
      values: bindings as unknown[],
    });
    return rows;
  } catch (error) {
    markDatabaseError(error);
    throw error;
  } finally {
    void client.releaseConnection(connection);
  }
}
