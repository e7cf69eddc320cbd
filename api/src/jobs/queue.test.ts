import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../test/test-database';
import { type JobQueue, pgBossQueue } from './queue';

const db = useTestDatabase();
let queue: JobQueue;

beforeAll(() => {
  queue = pgBossQueue(db.knex, pino({ level: 'silent' }), { pollingIntervalSeconds: 0.5 });
});
afterAll(() => queue.stop());

const jobs = (name: string) =>
  db.knex('pgboss.job').where({ name }).select('data', 'state', 'retryCount');

describe('pgBossQueue', () => {
  it('keeps a job sent within a transaction only if that transaction commits', async () => {
    // Never first prepared inside a transaction: that would wait on the pool the transaction holds.
    await expect(
      db.knex.transaction((trx) => queue.send('test.within', { n: 0 }, { within: trx })),
    ).rejects.toThrow('Queue test.within is not prepared');
    await queue.prepare(['test.within']);
    await db.knex.transaction((trx) => queue.send('test.within', { n: 1 }, { within: trx }));
    await expect(
      db.knex.transaction(async (trx) => {
        await queue.send('test.within', { n: 2 }, { within: trx });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await jobs('test.within')).map((job) => job.data)).toEqual([{ n: 1 }]);
  });

  it('fails only the job whose handler throws; the rest of its batch completes once', async () => {
    await queue.sendMany('test.batch', [{ n: 1 }, { n: 2 }, { n: 3 }]);
    const runs: number[] = [];
    await queue.work(
      'test.batch',
      async (data) => {
        const { n } = data as { n: number };
        runs.push(n);
        if (n === 2) throw new Error('two is bad');
      },
      { batchSize: 10 },
    );
    // pg-boss's default: two more tries, then failed.
    await expect
      .poll(async () => (await jobs('test.batch')).find((job) => job.data.n === 2)?.state, {
        timeout: 10_000,
      })
      .toBe('failed');
    const states = Object.fromEntries(
      (await jobs('test.batch')).map((job) => [job.data.n, [job.state, job.retryCount]]),
    );
    expect(states).toEqual({ 1: ['completed', 0], 2: ['failed', 2], 3: ['completed', 0] });
    expect(runs.sort()).toEqual([1, 2, 2, 2, 3]);
  });

  it('lists the jobs still to run whose data matches, not the done ones', async () => {
    await queue.prepare(['test.waiting']);
    await queue.send('test.waiting', { paymentId: 'a', n: 1 }, { startAfterSeconds: 60 });
    await queue.send('test.waiting', { paymentId: 'a', n: 2 });
    await queue.send('test.waiting', { paymentId: 'b', n: 3 });
    const byN = (data: unknown[]) => data.map((d) => (d as { n: number }).n).sort();
    expect(byN(await queue.waiting('test.waiting', { paymentId: 'a' }))).toEqual([1, 2]);
    // Within a transaction, as a caller holding a lock reads them.
    expect(
      byN(await db.knex.transaction((trx) => queue.waiting('test.waiting', { n: 3 }, trx))),
    ).toEqual([3]);
    // The due ones run; the one a minute off still waits.
    await queue.work('test.waiting', async () => {});
    await expect
      .poll(async () => byN(await queue.waiting('test.waiting', {})), { timeout: 10_000 })
      .toEqual([1]);
    expect(await queue.waiting('test.waiting', { paymentId: 'b' })).toEqual([]);
  });

  it('keeps one cron schedule per queue in PostgreSQL, however often it is set', async () => {
    const other = pgBossQueue(db.knex, pino({ level: 'silent' }));
    try {
      // Two processes starting at once both declare the schedule.
      await Promise.all([
        queue.every('test.cron', '* * * * *'),
        other.every('test.cron', '* * * * *'),
      ]);
      const rows = await db.knex('pgboss.schedule').where({ name: 'test.cron' });
      expect(rows.map((r) => r.cron)).toEqual(['* * * * *']);
    } finally {
      await other.stop();
    }
  });

  it('sends from a send-only (web) process, and refuses to run handlers or schedules there', async () => {
    const web = pgBossQueue(db.knex, pino({ level: 'silent' }), { sendOnly: true });
    try {
      await expect(web.work('test.send-only', async () => {})).rejects.toThrow(
        'This process only sends jobs; working test.send-only belongs to a worker',
      );
      await expect(web.every('test.send-only', '* * * * *')).rejects.toThrow(
        'the schedule of test.send-only belongs to a worker',
      );
      await web.send('test.send-only', { n: 1 });
      const ran: unknown[] = [];
      await queue.work('test.send-only', async (data) => {
        ran.push(data);
      });
      await expect.poll(() => ran, { timeout: 10_000 }).toEqual([{ n: 1 }]);
      expect(await db.knex('pgboss.schedule').where({ name: 'test.send-only' })).toEqual([]);
    } finally {
      await web.stop();
    }
  });
});
