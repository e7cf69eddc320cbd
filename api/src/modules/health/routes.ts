import type { Health } from '@twinclean/shared/health';
import type { Knex } from 'knex';
import { type ApiRouter, createRouter } from '../../context';
import { AppError } from '../../errors';

export function healthRoutes(db: Knex): ApiRouter {
  return createRouter().get('/api/health', async (ctx) => {
    try {
      await db.raw('SELECT 1');
    } catch {
      throw new AppError(503, 'database_unavailable', 'The database is not reachable.');
    }
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      status: 'ok',
      database: 'ok',
      uptimeSeconds: Math.round(process.uptime()),
    } satisfies Health;
  });
}
