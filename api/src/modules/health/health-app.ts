import type { Knex } from 'knex';
import Koa from 'koa';
import type { Logger } from 'pino';
import { apiRouter } from '../../app';
import { AppError } from '../../errors';
import { metricsEndpoint } from '../../metrics/exposure';
import { errorHandler } from '../../middleware/error-handler';
import { type Draining, healthRoutes } from './routes';

/** A worker's only HTTP: its health for the orchestrator, and its metrics for a scraper. */
export function createHealthApp(deps: {
  db: Knex;
  logger: Logger;
  lifecycle: Draining;
  metricsToken?: string | undefined;
}): Koa {
  const app = new Koa();
  app.use(errorHandler(deps.logger));
  if (deps.metricsToken) app.use(metricsEndpoint(deps.metricsToken));
  app.use(async (ctx, next) => {
    await next();
    if (ctx.status === 404 && ctx.body === undefined) {
      throw new AppError(
        404,
        'not_found',
        'A worker answers only /api/health, /live, /ready (and /metrics).',
      );
    }
  });
  app.use(apiRouter(healthRoutes(deps.db, deps.lifecycle)).routes());
  return app;
}
