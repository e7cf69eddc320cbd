import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createKnex } from '../db/connection';
import { waitFor } from '../test/app-process';
import { newUser } from '../test/people';
import { useTestDatabase } from '../test/test-database';
import { pgSessionStore } from './pg-session-store';
import { SessionCache } from './session-cache';
import {
  keepSessionCacheCurrent,
  LISTENER_NAME,
  type SessionInvalidation,
} from './session-invalidation';

const db = useTestDatabase();
const warnings: string[] = [];
const logger = pino({ level: 'warn' }, { write: (line: string) => warnings.push(line) });
/** Another process's writes: a connection pool of its own, no hook of this process's cache. */
let elsewhere: Knex;
let cache: SessionCache;
let invalidation: SessionInvalidation;

beforeAll(async () => {
  elsewhere = createKnex(db.url);
});
afterAll(async () => {
  await elsewhere.destroy();
});

async function startCache(retryMs = 1_000) {
  cache = new SessionCache();
  invalidation = await keepSessionCacheCurrent(db.knex, cache, logger, { retryMs });
}
afterEach(async () => {
  await invalidation?.stop();
});

/** A signed-in session read once through the store, so the cache holds it. */
async function cachedSession(): Promise<{ sessionId: string; userId: string }> {
  const { id: userId } = await newUser(db.knex);
  const sessionId = randomUUID();
  const store = pgSessionStore(db.knex, cache);
  await store.set(sessionId, { userId }, 60_000);
  expect(await store.get(sessionId)).toEqual({ userId });
  expect(cache.get(sessionId)?.user?.id).toBe(userId);
  return { sessionId, userId };
}

const forgotten = (sessionId: string) => waitFor(() => cache.get(sessionId) === undefined, 2_000);

describe('keeping the session cache current', () => {
  it('forgets a session another process deletes, or whose account another process changes', async () => {
    await startCache();
    const deleted = await cachedSession();
    const promoted = await cachedSession();
    const untouched = await cachedSession();
    await elsewhere('sessions').where({ id: deleted.sessionId }).delete();
    await elsewhere('users').where({ id: promoted.userId }).update({ role: 'provider' });
    await forgotten(deleted.sessionId);
    await forgotten(promoted.sessionId);
    expect(cache.get(untouched.sessionId)?.user?.id).toBe(untouched.userId);
  });

  it('keeps the session when an account changes in a way its answer does not show', async () => {
    await startCache();
    const { sessionId, userId } = await cachedSession();
    await elsewhere('users').where({ id: userId }).update({ updatedAt: new Date() });
    // The notification of a later change proves the first was heard and sent nothing.
    const other = await cachedSession();
    await elsewhere('sessions').where({ id: other.sessionId }).delete();
    await forgotten(other.sessionId);
    expect(cache.get(sessionId)?.user?.id).toBe(userId);
  });

  it("forgets everything before this process's own write to an account even commits", async () => {
    await startCache();
    const { sessionId, userId } = await cachedSession();
    await db.knex.transaction(async (trx) => {
      await trx('users').where({ id: userId }).update({ deactivatedAt: new Date() });
      expect(cache.get(sessionId)).toBeUndefined();
    });
  });

  it('forgets every session when one statement ends more than a hundred', async () => {
    await startCache();
    const { sessionId } = await cachedSession();
    const { id: userId } = await newUser(elsewhere);
    await elsewhere('sessions').insert(
      Array.from({ length: 101 }, () => ({
        id: randomUUID(),
        userId,
        data: { userId },
        expiresAt: new Date(Date.now() + 60_000),
      })),
    );
    await elsewhere('sessions').where({ userId }).delete();
    await forgotten(sessionId);
  });

  it('stops trusting the cache while its connection is lost, and listens again', async () => {
    await startCache(50);
    const { sessionId } = await cachedSession();
    const killed = await elsewhere.raw(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = ? AND datname = current_database()',
      [LISTENER_NAME],
    );
    expect(killed.rows).toEqual([{ pg_terminate_backend: true }]);
    await waitFor(() => warnings.some((line) => line.includes('session cache off')), 2_000);
    expect(cache.get(sessionId)).toBeUndefined();
    await waitFor(() => cache.live, 5_000);
    // Listening again: what changes now is heard.
    const again = await cachedSession();
    await elsewhere('sessions').where({ id: again.sessionId }).delete();
    await forgotten(again.sessionId);
  });

  it('reads every session from the database once stopped', async () => {
    await startCache();
    const { sessionId } = await cachedSession();
    await invalidation.stop();
    expect(cache.live).toBe(false);
    expect(cache.get(sessionId)).toBeUndefined();
  });
});
