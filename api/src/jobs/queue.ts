import type { Knex } from 'knex';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';

/** Background work kept in PostgreSQL (pg-boss), so a restart or a second API process loses none. */
export type JobQueue = {
  /**
   * Starts pg-boss (given no names, only that) and creates these queues, on the pool. Call it before a transaction that
   * sends `within` itself: a transaction holding a connection while pg-boss waits for another
   * starves the pool under load.
   */
  prepare(names: string[]): Promise<void>;
  /** `within` a transaction (of queues prepared), the job exists only if that transaction commits. */
  send(
    name: string,
    data: object,
    options?: {
      startAfterSeconds?: number;
      within?: Knex.Transaction;
      /** A failed job is tried `limit` more times, `delaySeconds` later and doubling each time. */
      retry?: { limit: number; delaySeconds: number };
    },
  ): Promise<void>;
  sendMany(name: string, data: object[]): Promise<void>;
  /**
   * The data of `name`'s jobs not yet done (waiting, retrying or running) that contain `match`,
   * read `within` a transaction when given (of a queue prepared).
   */
  waiting(name: string, match: object, within?: Knex.Transaction): Promise<unknown[]>;
  /**
   * Runs `handler` in this process for up to `batchSize` jobs of `name` at once. A job whose
   * handler throws is logged and failed alone (pg-boss retries it twice); the rest complete.
   */
  work(
    name: string,
    handler: (data: unknown) => Promise<void>,
    options?: { batchSize?: number },
  ): Promise<void>;
  /**
   * Sends a job of `name` on a cron schedule (UTC), once per tick however many processes run:
   * pg-boss keeps the schedule in PostgreSQL. Someone must `work` the queue.
   */
  every(name: string, cron: string): Promise<void>;
  stop(): Promise<void>;
};

const DEADLOCK = '40P01';

/** pg-boss's way into PostgreSQL: the pool's next connection, or a transaction's own one. */
function sqlOn(knex: Knex | Knex.Transaction): PgBoss.Db {
  return {
    async executeSql(text, values) {
      const client = await knex.client.acquireConnection();
      try {
        return await client.query(text, values);
      } catch (error) {
        // pg-boss sends some scripts as one text with its own BEGIN … COMMIT; one that fails
        // midway (its schema created by another process at the same moment, which it expects)
        // leaves the connection inside the failed transaction. Back in the pool, that
        // connection would refuse every later query of the app.
        if (!(knex as Knex.Transaction).isTransaction) {
          await client.query('ROLLBACK').catch(() => {});
        }
        throw error;
      } finally {
        await knex.client.releaseConnection(client);
      }
    },
  };
}

/**
 * pg-boss on the app's own connection pool. It starts on first use, so an API process (or a
 * test) that never queues anything never touches pg-boss's schema.
 */
export function pgBossQueue(
  knex: Knex,
  logger: Logger,
  options: {
    pollingIntervalSeconds?: number;
    /**
     * A `web` process only sends: it runs no handlers, no cron clock and no maintenance, so any
     * number of them add no background load and no job ever runs in a process serving requests.
     */
    sendOnly?: boolean;
    /** How often this process checks the cron schedules (pg-boss lets one process per check). */
    cronCheckSeconds?: number;
  } = {},
): JobQueue {
  const sendOnly = options.sendOnly ?? false;
  const boss = new PgBoss({
    db: sqlOn(knex),
    // Cron schedules (every) and maintenance (expiry, archiving).
    schedule: !sendOnly,
    supervise: !sendOnly,
    ...(options.cronCheckSeconds ? { cronMonitorIntervalSeconds: options.cronCheckSeconds } : {}),
  });
  const refuseInSendOnly = (what: string) => {
    if (sendOnly) throw new Error(`This process only sends jobs; ${what} belongs to a worker`);
  };
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  let started: Promise<unknown> | undefined;
  const queues = new Map<string, Promise<void>>();
  const prepared = new Set<string>();

  // Two processes creating one queue at once can deadlock inside pg-boss (PostgreSQL picks one
  // to fail): the loser tries again, and finds the queue there.
  const createQueue = async (name: string, attempt = 1): Promise<void> => {
    try {
      await boss.createQueue(name);
    } catch (error) {
      if ((error as { code?: string }).code !== DEADLOCK || attempt >= 5) throw error;
      await createQueue(name, attempt + 1);
    }
  };

  // A failed start or queue creation is tried again by the next caller, not remembered.
  const start = () => {
    started ??= boss.start().catch((error: unknown) => {
      started = undefined;
      throw error;
    });
    return started;
  };
  const ready = (name: string) => {
    start();
    let queue = queues.get(name);
    if (!queue) {
      queue = start()
        .then(() => createQueue(name))
        .then(() => {
          prepared.add(name);
        })
        .catch((error: unknown) => {
          queues.delete(name);
          throw error;
        });
      queues.set(name, queue);
    }
    return queue;
  };

  return {
    async prepare(names) {
      await start();
      await Promise.all(names.map(ready));
    },
    async send(name, data, sendOptions = {}) {
      if (sendOptions.within && !prepared.has(name)) {
        throw new Error(
          `Queue ${name} is not prepared; a send within a transaction never waits on the pool`,
        );
      }
      await ready(name);
      await boss.send(name, data, {
        startAfter: sendOptions.startAfterSeconds ?? 0,
        ...(sendOptions.retry
          ? {
              retryLimit: sendOptions.retry.limit,
              retryDelay: sendOptions.retry.delaySeconds,
              retryBackoff: true,
            }
          : {}),
        ...(sendOptions.within ? { db: sqlOn(sendOptions.within) } : {}),
      });
    },
    async waiting(name, match, within) {
      if (within && !prepared.has(name)) {
        throw new Error(`Queue ${name} is not prepared; a read within a transaction never waits`);
      }
      await ready(name);
      const { rows } = await (within ?? knex).raw<{ rows: { data: unknown }[] }>(
        `SELECT data FROM pgboss.job
         WHERE name = ? AND state IN ('created', 'retry', 'active') AND data @> ?::jsonb`,
        [name, JSON.stringify(match)],
      );
      return rows.map((row) => row.data);
    },
    async sendMany(name, data) {
      if (data.length === 0) return;
      await ready(name);
      await boss.insert(data.map((item) => ({ name, data: item })));
    },
    async work(name, handler, workOptions = {}) {
      refuseInSendOnly(`working ${name}`);
      await ready(name);
      await boss.work(
        name,
        {
          pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
          batchSize: workOptions.batchSize ?? 1,
        },
        async (jobs) => {
          const results = await Promise.allSettled(jobs.map((job) => handler(job.data)));
          const failed = jobs.filter((job, i) => {
            const result = results[i];
            if (result?.status !== 'rejected') return false;
            logger.error({ err: result.reason, queue: name, jobId: job.id }, 'job failed');
            return true;
          });
          // Which process ran what: how operators (and the multi-process test) see where jobs go.
          logger.info({ queue: name, jobs: jobs.length, failed: failed.length }, 'jobs ran');
          // The batch completes when this returns; failing these first keeps them for a retry.
          if (failed.length > 0) {
            await boss.fail(
              name,
              failed.map((job) => job.id),
            );
          }
        },
      );
    },
    async every(name, cron) {
      refuseInSendOnly(`the schedule of ${name}`);
      await ready(name);
      await boss.schedule(name, cron);
    },
    async stop() {
      if (!started) return;
      await started.catch(() => {});
      await boss.stop({ graceful: true, timeout: 5000 });
    },
  };
}
