import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../test/test-database';
import { createKnex } from './connection';
import {
  guardConnections,
  OutsideCallInTransactionError,
  outsideTransactionsOnly,
  SecondConnectionError,
  takeRefusals,
} from './connection-guard';

const db = useTestDatabase();

describe('the connection guard', () => {
  let knex: Knex;
  beforeAll(() => {
    // A pool of its own (the file's is guarded already, and would fail this file's tests).
    knex = createKnex(db.url);
    guardConnections(knex);
  });
  afterAll(() => knex.destroy());

  const one = async (q: Knex | Knex.Transaction) =>
    (await q.raw('select 1 as one')).rows[0].one as number;

  it('refuses the pool to code inside a transaction, and keeps the refusal', async () => {
    const inside = knex.transaction(async () => one(knex));
    await expect(inside).rejects.toBeInstanceOf(SecondConnectionError);
    await expect(inside).rejects.toThrow(/began at:\n.*connection-guard\.test/);
    // A second transaction begun inside the first is the same mistake.
    await expect(knex.transaction(async () => knex.transaction(one))).rejects.toBeInstanceOf(
      SecondConnectionError,
    );
    expect(takeRefusals()).toHaveLength(2);
  });

  it('lets a transaction use itself, its savepoints and the pool once it is over', async () => {
    const answer = await knex.transaction(async (trx) => {
      const own = await one(trx);
      const nested = await trx.transaction((inner) => one(inner));
      return own + nested;
    });
    expect(answer).toBe(2);
    // Code after the transaction, and work the handler left running, use the pool freely.
    let later: Promise<number> | undefined;
    await knex.transaction(async (trx) => {
      await one(trx);
      later = new Promise((resolve) => setTimeout(resolve, 20)).then(() => one(knex));
    });
    await expect(later).resolves.toBe(1);
    await expect(Promise.all([one(knex), one(knex), one(knex)])).resolves.toEqual([1, 1, 1]);
    expect(takeRefusals()).toHaveLength(0);
  });

  it('leaves a transaction asked for without a handler open until it is ended', async () => {
    const trx = await knex.transaction();
    await trx.raw('create temporary table guard_probe (n int) on commit drop');
    await trx.raw('insert into guard_probe values (1)');
    expect((await trx.raw('select count(*)::int as n from guard_probe')).rows[0].n).toBe(1);
    await trx.commit();
    expect(trx.isCompleted()).toBe(true);
  });

  it('turns the pool-starving deadlock into an immediate error', async () => {
    // Ten transactions at once on a pool of ten, each asking the pool for one more connection:
    // unguarded, every one waits for the others until knex's 60 s acquire timeout, past this
    // test's 30 s.
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        knex.transaction(async (trx) => {
          await one(trx);
          await new Promise((resolve) => setTimeout(resolve, 50));
          return one(knex);
        }),
      ),
    );
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    await expect(one(knex)).resolves.toBe(1);
    expect(takeRefusals()).toHaveLength(10);
  });

  it('refuses an outside service inside a transaction, and serves it outside one', async () => {
    const gateway = outsideTransactionsOnly(
      {
        name: 'test',
        calls: 0,
        async refund() {
          this.calls += 1;
          return 'refunded';
        },
        billing: { cancel: async () => 'canceled' },
      },
      'gateway',
    );
    await expect(knex.transaction(() => gateway.refund())).rejects.toThrow(
      /gateway\.refund was called inside a database transaction/,
    );
    await expect(knex.transaction(() => gateway.billing.cancel())).rejects.toBeInstanceOf(
      OutsideCallInTransactionError,
    );
    // A refusal swallowed by the code under test is still kept.
    await knex.transaction(async () => {
      try {
        await gateway.refund();
      } catch {
        // logged and ignored
      }
    });
    expect(takeRefusals()).toHaveLength(3);
    expect(gateway.calls).toBe(0);
    await expect(gateway.refund()).resolves.toBe('refunded');
    expect(gateway.calls).toBe(1);
    expect(gateway.name).toBe('test');
  });
});
