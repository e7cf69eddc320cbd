import net from 'node:net';
import type { Knex } from 'knex';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../test/free-port';
import { useTestDatabase } from '../test/test-database';
import { createKnex } from './connection';
import { isDatabaseUnreachable } from './unreachable';

const db = useTestDatabase();
// A pool of this file's own, whose connections the tests end behind its back.
let pool: Knex;
beforeAll(() => {
  pool = createKnex(db.url);
});
afterAll(() => pool.destroy());

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error,
  );

/** The socket of the pool's connection running a query, once there is one (tarn's and pg's internals). */
async function socketInUse(knex: Knex): Promise<net.Socket> {
  type Used = { resource: { activeQuery?: unknown; connection: { stream: net.Socket } } };
  const pool = (knex.client as { pool: { used: Used[] } }).pool;
  for (;;) {
    const running = pool.used.find((used) => used.resource.activeQuery);
    if (running) return running.resource.connection.stream;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Ends a backend the way a database shutting down does (57P01 to its client). */
async function terminate(pid: number) {
  const admin = new pg.Client({ connectionString: db.url });
  await admin.connect();
  try {
    await admin.query('SELECT pg_terminate_backend($1)', [pid]);
  } finally {
    await admin.end();
  }
}

const backendPid = async (knex: Knex | Knex.Transaction) =>
  Number((await knex.raw('SELECT pg_backend_pid() AS pid')).rows[0].pid);

describe('a database out of reach', () => {
  it('is told from a refused connection of the pool, and not from any refused socket', async () => {
    const port = await freePort();
    const nowhere = createKnex(`postgres://postgres@127.0.0.1:${port}/none`);
    try {
      const error = await failureOf(nowhere.raw('SELECT 1'));
      expect(error).toMatchObject({ code: 'ECONNREFUSED' });
      expect(isDatabaseUnreachable(error)).toBe(true);
    } finally {
      await nowhere.destroy();
    }
    const socket = await failureOf(
      new Promise((resolve, reject) =>
        net.connect(port, '127.0.0.1', () => resolve(undefined)).on('error', reject),
      ),
    );
    expect(socket).toMatchObject({ code: 'ECONNREFUSED' });
    expect(isDatabaseUnreachable(socket)).toBe(false);
  });

  it('is told, within seconds, from a server that takes the connection and never answers', async () => {
    const silent = net.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    const stuck = createKnex(`postgres://postgres@127.0.0.1:${port}/none`);
    try {
      const started = Date.now();
      const error = await failureOf(stuck.raw('SELECT 1'));
      expect(Date.now() - started).toBeLessThan(8_000);
      expect(isDatabaseUnreachable(error)).toBe(true);
    } finally {
      await stuck.destroy();
      silent.close();
    }
  }, 15_000);

  it('is told from a session the server ended inside a transaction', async () => {
    const error = await failureOf(
      pool.transaction(async (trx) => {
        await terminate(await backendPid(trx));
        await trx.raw('SELECT 1');
      }),
    );
    expect(isDatabaseUnreachable(error)).toBe(true);
  });

  it('is told from a socket reset under a running query', async () => {
    const running = failureOf(pool.raw('SELECT pg_sleep(5)'));
    (await socketInUse(pool)).destroy(
      Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
    );
    const error = await running;
    expect(error).toMatchObject({ code: 'ECONNRESET' });
    expect(isDatabaseUnreachable(error)).toBe(true);
  });

  it('survives an idle pooled connection ended by the server, and the next query works', async () => {
    const crashes: unknown[] = [];
    const crashed = (error: unknown) => crashes.push(error);
    process.on('uncaughtException', crashed);
    try {
      const pid = await backendPid(pool);
      // The connection now idles in the pool; pg emits 'error' on it when the server ends it.
      await terminate(pid);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await backendPid(pool)).not.toBe(pid);
      expect(crashes).toEqual([]);
    } finally {
      process.off('uncaughtException', crashed);
    }
  });
});
