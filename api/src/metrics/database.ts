import type { Knex } from 'knex';
import { Gauge } from 'prom-client';
import { registry } from './registry';

/*
 * The database as a scrape finds it: read when Prometheus asks (each gauge's collect), never
 * sampled on a timer, so an idle process does no work for its metrics.
 */

let source: Knex | undefined;

/**
 * Points the pool and queue gauges at this database. createApp does, like Model.knex; a process
 * that builds no app (a worker serving only METRICS_PORT) calls it itself.
 */
export function observeDatabase(knex: Knex): void {
  source = knex;
}

/** The tarn pool knex keeps (absent before first use and after destroy). */
type Pool = { numUsed(): number; numFree(): number; numPendingAcquires(): number };

function poolOf(knex: Knex | undefined): Pool | undefined {
  const pool = (knex?.client as { pool?: Partial<Pool> } | undefined)?.pool;
  return typeof pool?.numUsed === 'function' &&
    typeof pool.numFree === 'function' &&
    typeof pool.numPendingAcquires === 'function'
    ? (pool as Pool)
    : undefined;
}

new Gauge({
  name: 'twinclean_db_pool_connections',
  help: 'Connections of the knex pool, in use by a query or transaction, or idle.',
  labelNames: ['state'] as const,
  registers: [registry],
  collect() {
    this.reset();
    const pool = poolOf(source);
    if (!pool) return;
    this.set({ state: 'used' }, pool.numUsed());
    this.set({ state: 'free' }, pool.numFree());
  },
});

new Gauge({
  name: 'twinclean_db_pool_pending_acquires',
  help: 'Queries and transactions waiting for a pool connection: above zero, the pool is the limit.',
  registers: [registry],
  collect() {
    this.reset();
    const pool = poolOf(source);
    if (pool) this.set(pool.numPendingAcquires());
  },
});

type QueueDepth = { name: string; waiting: number; oldest: number };

// A starved pool is when the pool numbers matter most: the queue read gives up first.
const QUEUE_READ_BUDGET_MS = 2000;

/**
 * Jobs waiting per pg-boss queue (created or retry), and how long the oldest of those that are
 * due has waited since it fell due. A job deferred on purpose (a refund sent 60 s later, a retry
 * backing off) is waiting but not late, so its age starts at its start_after, not its creation.
 * Nothing before pg-boss made its schema: a process that never queued a job has no queues.
 */
async function queueDepths(knex: Knex): Promise<QueueDepth[]> {
  const { rows: found } = await knex.raw<{ rows: { present: boolean }[] }>(
    `SELECT to_regclass('pgboss.job') IS NOT NULL
        AND to_regclass('pgboss.queue') IS NOT NULL AS present`,
  );
  if (!found[0]?.present) return [];
  // "state < 'active'" is created and retry in pg-boss's enum order, and what its partial index
  // on (name, start_after) covers.
  const { rows } = await knex.raw<{ rows: QueueDepth[] }>(
    `SELECT q.name,
            count(j.id)::int AS waiting,
            coalesce(extract(epoch FROM now() - min(j.start_after)
              FILTER (WHERE j.start_after <= now())), 0)::float8 AS oldest
       FROM pgboss.queue q
       LEFT JOIN pgboss.job j ON j.name = q.name AND j.state < 'active'
      GROUP BY q.name`,
  );
  return rows;
}

let reading: Promise<QueueDepth[] | undefined> | undefined;

/** One read per scrape, shared by both queue gauges (prom-client collects them at once). */
function readQueues(): Promise<QueueDepth[] | undefined> {
  const knex = source;
  if (!knex) return Promise.resolve(undefined);
  reading ??= (async () => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<undefined>((resolve) => {
      timer = setTimeout(resolve, QUEUE_READ_BUDGET_MS, undefined);
    });
    try {
      // A database that cannot answer leaves the queue series out of this scrape: their
      // absence is the signal, and the process and pool numbers still come through.
      return await Promise.race([queueDepths(knex).catch(() => undefined), late]);
    } finally {
      clearTimeout(timer);
      reading = undefined;
    }
  })();
  return reading;
}

new Gauge({
  name: 'twinclean_job_queue_waiting',
  help: 'pg-boss jobs waiting to be worked (created or retry), per queue.',
  labelNames: ['queue'] as const,
  registers: [registry],
  async collect() {
    const depths = await readQueues();
    this.reset();
    for (const queue of depths ?? []) this.set({ queue: queue.name }, queue.waiting);
  },
});

new Gauge({
  name: 'twinclean_job_queue_oldest_waiting_seconds',
  help: 'Seconds the oldest due job of each pg-boss queue has waited since it fell due (0: none due).',
  labelNames: ['queue'] as const,
  registers: [registry],
  async collect() {
    const depths = await readQueues();
    this.reset();
    for (const queue of depths ?? []) this.set({ queue: queue.name }, queue.oldest);
  },
});
