import type { Health } from '@twinclean/shared/health';
import type { Knex } from 'knex';
import { AppError } from '../../errors';
import { type Route, route } from '../../http/route';

export function healthRoutes(db: Knex): Route[] {
  return [
    route({ method: 'GET', path: '/api/health', access: { public: true } }, async () => {
      try {
        await db.raw('SELECT 1');
      } catch {
        throw new AppError(503, 'database_unavailable', 'The database is not reachable.');
      }
      return {
        status: 'ok',
        database: 'ok',
        uptimeSeconds: Math.round(process.uptime()),
      } satisfies Health;
    }),
  ];
}
