import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import pg from 'pg';
import type { Logger } from 'pino';
import type { SessionCache } from './session-cache';

export const SESSION_CHANGES_CHANNEL = 'session_changes';

// A statement of this process that changes an account or ends a session: forgotten before it
// even commits, so this process's next request never sees the old row (other processes hear of
// it from PostgreSQL at commit). Sessions koa-session saves are forgotten by the store itself.
const CHANGES_SESSIONS =
  /\b(?:update|delete\s+from|truncate(?:\s+table)?)\s+"?(?:users|sessions)\b/i;

export type SessionInvalidation = { stop(): Promise<void> };

/** Ends a listener connection that is of no more use, whatever state it is in. */
async function closeQuietly(client: pg.Client): Promise<void> {
  client.removeAllListeners();
  client.on('error', () => {});
  await client.end().catch(() => {});
}

const HELLO = 'hello:';
export const LISTENER_NAME = 'twinclean-session-changes';

/**
 * Keeps `cache` honest: one connection of its own LISTENs for the triggers' notifications
 * (migration notify-session-changes) and this process's own writes are watched on `knex`. The
 * cache is only used while that connection is up; lost, it is dropped and tried again.
 */
export async function keepSessionCacheCurrent(
  knex: Knex,
  cache: SessionCache,
  logger: Logger,
  options: { retryMs?: number; heartbeatMs?: number } = {},
): Promise<SessionInvalidation> {
  const retryMs = options.retryMs ?? 1_000;
  const heartbeatMs = options.heartbeatMs ?? 30_000;
  const waiting = new Map<string, () => void>();
  let heartbeat: NodeJS.Timeout | undefined;
  const ownWrite = ({ sql }: { sql?: string }) => {
    if (sql && CHANGES_SESSIONS.test(sql)) cache.forgetAll();
  };
  knex.on('query', ownWrite);

  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  // Doubles while connecting keeps failing (a minute at most), back to retryMs once it works.
  let delay = retryMs;
  const tryAgain = () => {
    retry = setTimeout(() => void connect(), delay);
    delay = Math.min(delay * 2, 60_000);
  };

  const lost = (error?: Error) => {
    if (!cache.live && !client) return;
    cache.setLive(false);
    const gone = client;
    client = undefined;
    if (gone) void closeQuietly(gone);
    if (stopped) return;
    logger.warn({ err: error }, 'session cache off: its notifications connection was lost');
    tryAgain();
  };

  const connect = async (): Promise<void> => {
    const listener = new pg.Client({
      ...(knex.client.config.connection as pg.ClientConfig),
      // Named, so an operator sees in pg_stat_activity what the extra connection is.
      application_name: LISTENER_NAME,
    });
    listener.on('error', lost);
    listener.on('end', () => lost());
    listener.on('notification', ({ channel, payload = '*' }) => {
      if (channel !== SESSION_CHANGES_CHANNEL) return;
      if (payload.startsWith(HELLO)) waiting.get(payload)?.();
      else cache.apply(payload);
    });
    try {
      await listener.connect();
      await listener.query(`LISTEN ${SESSION_CHANGES_CHANNEL}`);
      await heard(listener);
    } catch (error) {
      void closeQuietly(listener);
      if (!stopped) tryAgain();
      logger.warn({ err: error }, 'session cache off: cannot listen for session changes');
      return;
    }
    if (stopped) {
      await listener.end();
      return;
    }
    client = listener;
    delay = retryMs;
    cache.setLive(true);
  };

  // A notification of our own must come back before the cache is trusted, and again every
  // heartbeat: a connection that takes LISTEN but never delivers (PgBouncer in transaction mode,
  // a half-open socket) leaves the cache off instead of stale.
  const heard = async (listener: pg.Client) => {
    const hello = `${HELLO}${randomUUID()}`;
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.all([
        new Promise<void>((resolve, reject) => {
          waiting.set(hello, resolve);
          timer = setTimeout(
            () => reject(new Error('no notification came back: are they delivered here?')),
            5_000,
          );
        }),
        listener.query('SELECT pg_notify($1, $2)', [SESSION_CHANGES_CHANNEL, hello]),
      ]);
    } finally {
      clearTimeout(timer);
      waiting.delete(hello);
    }
  };
  heartbeat = setInterval(() => {
    const listener = client;
    if (listener) heard(listener).catch(lost);
  }, heartbeatMs);
  heartbeat.unref();

  await connect();
  return {
    async stop() {
      stopped = true;
      clearTimeout(retry);
      clearInterval(heartbeat);
      knex.off('query', ownWrite);
      cache.setLive(false);
      const last = client;
      client = undefined;
      if (last) await closeQuietly(last);
    },
  };
}
