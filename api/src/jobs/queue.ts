import type { Knex } from 'knex';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';

/** A job's own retry policy; unset means run once. */
export type RetryPolicy = { retryLimit: number; retryDelay: number; retryBackoff: boolean };

/** Background work kept in PostgreSQL (pg-boss), so a restart or a second API process loses none. */
export type JobQueue = {
  send(name: string, data: object, retry?: RetryPolicy): Promise<void>;
  sendMany(name: string, data: object[], retry?: RetryPolicy): Promise<void>;
  /** Runs `handler` for each job of `name` in this process; a throw fails the job for a retry. */
  work(name: string, handler: (data: unknown) => Promise<void>): Promise<void>;
  stop(): Promise<void>;
};

/**
 * pg-boss on the app's own connection pool. It starts on first use, so an API process (or a
 * test) that never queues anything never touches pg-boss's schema.
 */
export function pgBossQueue(
  knex: Knex,
  logger: Logger,
  options: { pollingIntervalSeconds?: number } = {},
): JobQueue {
  const boss = new PgBoss({
    db: {
      async executeSql(text, values) {
        const client = await knex.client.acquireConnection();
        try {
          return await client.query(text, values);
        } finally {
          await knex.client.releaseConnection(client);
        }
      },
    },
    // No cron jobs yet; maintenance (expiry, archiving) stays on.
    schedule: false,
  });
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  let started: Promise<unknown> | undefined;
  const queues = new Map<string, Promise<void>>();

  const ready = (name: string) => {
    started ??= boss.start();
    let queue = queues.get(name);
    if (!queue) {
      queue = started.then(() => boss.createQueue(name));
      queues.set(name, queue);
    }
    return queue;
  };

  return {
    async send(name, data, retry) {
      await ready(name);
      await boss.send(name, data, retry ?? {});
    },
    async sendMany(name, data, retry) {
      if (data.length === 0) return;
      await ready(name);
      await boss.insert(data.map((item) => ({ name, data: item, ...retry })));
    },
    async work(name, handler) {
      await ready(name);
      await boss.work(
        name,
        { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
        async (jobs) => {
          for (const job of jobs) await handler(job.data);
        },
      );
    },
    async stop() {
      if (started) await boss.stop({ graceful: true, timeout: 5000 });
    },
  };
}
