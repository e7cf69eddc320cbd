import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newUser } from '../test/people';
import { useTestDatabase } from '../test/test-database';
import { pgSessionStore } from './pg-session-store';

const db = useTestDatabase();

/** The session queries the store sends while `run` runs. */
async function sessionQueries(run: () => Promise<unknown>): Promise<number> {
  let count = 0;
  const counted = (query: { sql: string }) => {
    if (/from "sessions"/.test(query.sql)) count += 1;
  };
  db.knex.on('query', counted);
  try {
    await run();
  } finally {
    db.knex.off('query', counted);
  }
  return count;
}

describe('the PostgreSQL session store', () => {
  it('reads the sessions asked for at once in one query, each with its own data', async () => {
    const store = pgSessionStore(db.knex);
    const users = await Promise.all([newUser(db.knex), newUser(db.knex, 'provider')]);
    const ids = users.map(() => randomUUID());
    await Promise.all(ids.map((id, i) => store.set(id, { userId: users[i]?.id }, 60_000)));
    const expired = randomUUID();
    await store.set(expired, { userId: users[0]?.id }, 60_000);
    await db
      .knex('sessions')
      .where({ id: expired })
      .update({ expiresAt: new Date(Date.now() - 1) });

    let answers: unknown[] = [];
    const queries = await sessionQueries(async () => {
      answers = await Promise.all([
        store.get(ids[0] ?? ''),
        store.get(ids[1] ?? ''),
        store.get(ids[0] ?? ''),
        store.get(expired),
        store.get(randomUUID()),
      ]);
    });
    expect(answers).toEqual([
      { userId: users[0]?.id },
      { userId: users[1]?.id },
      { userId: users[0]?.id },
      undefined,
      undefined,
    ]);
    expect(queries).toBe(1);
  });
});
