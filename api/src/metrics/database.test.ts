import knex from 'knex';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { type JobQueue, pgBossQueue } from '../jobs/queue';
import { metricValue, samples } from '../test/metric-values';
import { useTestDatabase } from '../test/test-database';
import { observeDatabase } from './database';

const db = useTestDatabase();
let queue: JobQueue | undefined;
afterAll(() => queue?.stop());

type Pooled = { acquireConnection(): Promise<unknown>; releaseConnection(c: unknown): unknown };

describe('the knex pool gauges', () => {
  it('say how many connections are used, free and waited for', async () => {
    observeDatabase(db.knex);
    const client = db.knex.client as Pooled;
    await db.knex.raw('SELECT 1');
    expect(await metricValue('twinclean_db_pool_connections', { state: 'used' })).toBe(0);
    expect(await metricValue('twinclean_db_pool_connections', { state: 'free' })).toBeGreaterThan(
      0,
    );

    // All ten held (the pool's max), and one more asked for.
    const held = await Promise.all(Array.from({ length: 10 }, () => client.acquireConnection()));
    const eleventh = client.acquireConnection();
    try {
      expect(await metricValue('twinclean_db_pool_connections', { state: 'used' })).toBe(10);
      expect(await metricValue('twinclean_db_pool_connections', { state: 'free' })).toBe(0);
      expect(await metricValue('twinclean_db_pool_pending_acquires')).toBe(1);
    } finally {
      for (const connection of held) await client.releaseConnection(connection);
      await client.releaseConnection(await eleventh);
    }
    expect(await metricValue('twinclean_db_pool_pending_acquires')).toBe(0);
    expect(await metricValue('twinclean_db_pool_connections', { state: 'used' })).toBe(0);
  });
});

describe('the job queue gauges', () => {
  const WAITING = 'twinclean_job_queue_waiting';
  const OLDEST = 'twinclean_job_queue_oldest_waiting_seconds';

  it('report nothing, and fail nothing, before pg-boss has made its schema', async () => {
    observeDatabase(db.knex);
    const { rows } = await db.knex.raw(`SELECT to_regclass('pgboss.job') AS job`);
    expect(rows[0].job).toBeNull();
    expect(await samples(WAITING)).toEqual([]);
    expect(await samples(OLDEST)).toEqual([]);
  });

  it('count the jobs waiting per queue, and how long the oldest due one has waited', async () => {
    observeDatabase(db.knex);
    const jobs = pgBossQueue(db.knex, pino({ level: 'silent' }));
    queue = jobs;
    await jobs.prepare(['metrics-idle']);
    await jobs.send('metrics-now', { n: 1 });
    await jobs.send('metrics-now', { n: 2 });
    await jobs.send('metrics-later', { n: 3 }, { startAfterSeconds: 3600 });
    // The first job fell due 90 seconds ago and nobody has worked it.
    await db.knex.raw(
      `UPDATE pgboss.job SET start_after = now() - interval '90 seconds'
        WHERE name = 'metrics-now' AND data->>'n' = '1'`,
    );

    expect(await metricValue(WAITING, { queue: 'metrics-now' })).toBe(2);
    const oldest = await metricValue(OLDEST, { queue: 'metrics-now' });
    expect(oldest).toBeGreaterThanOrEqual(90);
    expect(oldest).toBeLessThan(150);
    // Deferred on purpose: waiting, but not late.
    expect(await metricValue(WAITING, { queue: 'metrics-later' })).toBe(1);
    expect(await metricValue(OLDEST, { queue: 'metrics-later' })).toBe(0);
    // A queue with nothing waiting says 0, rather than vanishing.
    const idle = (await samples(WAITING)).find((s) => s.labels.queue === 'metrics-idle');
    expect(idle?.value).toBe(0);
  });

  it('leave the queue series out of a scrape the database cannot answer', async () => {
    const unreachable = knex({
      client: 'pg',
      connection: 'postgres://nobody@127.0.0.1:1/none',
      // The refused connection is the point here, not news.
      log: { error: () => {}, warn: () => {} },
    });
    try {
      observeDatabase(unreachable);
      expect(await samples(WAITING)).toEqual([]);
    } finally {
      observeDatabase(db.knex);
      await unreachable.destroy();
    }
    expect((await samples(WAITING)).length).toBeGreaterThan(0);
  });
});
