import type net from 'node:net';
import type { Knex } from 'knex';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../test/test-database';
import { queryPrepared } from './prepared';
import { isDatabaseUnreachable } from './unreachable';

const db = useTestDatabase();

type Pool = {
  numUsed(): number;
  used: { resource: { activeQuery?: unknown; connection: { stream: net.Socket } } }[];
};
const poolOf = (knex: Knex) => (knex.client as { pool: Pool }).pool;

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error,
  );

describe('queryPrepared', () => {
  it('answers the rows of a named statement, run again by name, and gives its connection back', async () => {
    const series = {
      sql: 'SELECT n FROM generate_series(1, $1::int) AS n ORDER BY n',
      bindings: [3],
    };
    for (let run = 0; run < 3; run++) {
      expect(await queryPrepared(db.knex, 'test-series', series)).toEqual([
        { n: 1 },
        { n: 2 },
        { n: 3 },
      ]);
    }
    expect(poolOf(db.knex).numUsed()).toBe(0);
  });

  it("answers columns as PostgreSQL names them (knex's snake_case mapping is not applied)", async () => {
    const compiled = db.knex.select(db.knex.raw('2500 AS price_cents')).toSQL().toNative();
    expect(await queryPrepared(db.knex, 'test-named-column', compiled)).toEqual([
      { price_cents: 2500 },
    ]);
  });

  it("gives its connection back after PostgreSQL's refusal, and the next query works", async () => {
    const error = await failureOf(
      queryPrepared(db.knex, 'test-division', { sql: 'SELECT 1 / $1::int AS x', bindings: [0] }),
    );
    expect(error).toMatchObject({ code: '22012' });
    expect(poolOf(db.knex).numUsed()).toBe(0);
    expect(
      await queryPrepared(db.knex, 'test-division', {
        sql: 'SELECT 1 / $1::int AS x',
        bindings: [1],
      }),
    ).toEqual([{ x: 1 }]);
  });

  it('marks a socket reset under it as the database out of reach', async () => {
    const running = failureOf(
      queryPrepared(db.knex, 'test-sleep', { sql: 'SELECT pg_sleep(5)', bindings: [] }),
    );
    const pool = poolOf(db.knex);
    let socket: net.Socket | undefined;
    while (!socket) {
      socket = pool.used.find((used) => used.resource.activeQuery)?.resource.connection.stream;
      if (!socket) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    socket.destroy(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }));
    const error = await running;
    expect(error).toMatchObject({ code: 'ECONNRESET' });
    expect(isDatabaseUnreachable(error)).toBe(true);
  });
});
