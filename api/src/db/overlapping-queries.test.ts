import type { Knex } from 'knex';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../test/test-database';
import {
  isOverlappingQueryWarning,
  OverlappingQueryError,
  takeOverlappingQueries,
} from './overlapping-queries';

// useTestDatabase turns the watch on, and its afterEach fails a test that leaves an overlap.
const db = useTestDatabase();

const one = async (q: Knex) => (await q.raw('select 1 as one')).rows[0]?.one as number;

describe('the overlapping-query watch', () => {
  it('catches two queries run at once on one transaction, every time', async () => {
    for (let round = 0; round < 2; round += 1) {
      const answers = await db.knex.transaction((trx) =>
        Promise.all([trx.raw('select pg_sleep(0.05), 1 as one'), one(trx)]),
      );
      // pg queues the second query, so the answers are right: only the overlap is wrong.
      expect(answers[1]).toBe(1);
      const found = takeOverlappingQueries();
      expect(found).toHaveLength(1);
      expect(found[0]).toBeInstanceOf(OverlappingQueryError);
      // Naming both queries is what finds the code that sent them.
      expect(found[0]?.message).toMatch(/Still running: select .*\nSent alongside: select /);
      expect(found[0]?.message).toContain('pg_sleep');
    }
  });

  it('lets a transaction run its queries one after the other, and the pool run them at once', async () => {
    await db.knex.transaction(async (trx) => {
      await one(trx);
      await one(trx);
      // A failed query is answered before the next is sent: a rollback after it is no overlap.
      await expect(trx.raw('select nonsense')).rejects.toThrow();
    });
    await expect(Promise.all([one(db.knex), one(db.knex), one(db.knex)])).resolves.toEqual([
      1, 1, 1,
    ]);
    expect(takeOverlappingQueries()).toEqual([]);
  });

  it("recognises pg's deprecation warning, and only it", () => {
    const pgWarning = new Error(
      'Calling client.query() when the client is already executing a query is deprecated and will be removed in pg@9.0.',
    );
    pgWarning.name = 'DeprecationWarning';
    expect(isOverlappingQueryWarning(pgWarning)).toBe(true);
    expect(isOverlappingQueryWarning(new Error('Client.queryQueue is deprecated'))).toBe(false);
  });

  it("records pg's warning when the process emits it", async () => {
    // Node prints it too: named so that no one hunting the real warning is sent here.
    process.emitWarning(
      'A test of the watch, not an overlap: "client is already executing a query"',
      'OverlappingQueryWatchTest',
    );
    // Node emits a warning on the next tick.
    await new Promise((resolve) => setImmediate(resolve));
    const found = takeOverlappingQueries();
    expect(found).toHaveLength(1);
    expect(found[0]?.message).toMatch(/pg warned: .*already executing a query/);
  });
});
