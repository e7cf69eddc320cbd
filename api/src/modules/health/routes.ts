import type { Health, Liveness } from '@twinclean/shared/health';
import type { Knex } from 'knex';
import { pingDatabase } from '../../db/ping';
import { AppError } from '../../errors';
import { type Route, route } from '../../http/route';

/** Whether this process is stopping (lifecycle/lifecycle.ts); absent, it never is. */
export type Draining = { readonly draining: boolean };

async function requireDatabase(db: Knex) {
  try {
    await pingDatabase(db);
  } catch {
    throw new AppError(503, 'database_unavailable', 'The database is not reachable.');
  }
}

/**
 * `live` says the process runs (restart it if not); `ready` says send it traffic: the database
 * answers and it is not draining, so a load balancer stops sending before it goes away.
 */
export function healthRoutes(db: Knex, lifecycle: Draining = { draining: false }): Route[] {
  const alive = (): Liveness => ({
    status: 'ok',
    uptimeSeconds: Math.round(process.uptime()),
  });
  return [
    route({ method: 'GET', path: '/api/health', access: { public: true } }, async () => {
      await requireDatabase(db);
      return { ...alive(), database: 'ok' } satisfies Health;
    }),
    route({ method: 'GET', path: '/api/health/live', access: { public: true } }, async () =>
      alive(),
    ),
    route({ method: 'GET', path: '/api/health/ready', access: { public: true } }, async () => {
      if (lifecycle.draining) {
        throw new AppError(503, 'draining', 'This server is shutting down.');
      }
      await requireDatabase(db);
      return { ...alive(), database: 'ok' } satisfies Health;
    }),
  ];
}
