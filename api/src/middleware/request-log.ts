import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import { loggedUrl } from './log-url';

export function requestLog(logger: Logger): Middleware {
  return async (ctx, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      logger.info(
        {
          method: ctx.method,
          url: loggedUrl(ctx.originalUrl),
          status: ctx.status,
          ms: Math.round((performance.now() - started) * 10) / 10,
        },
        'request',
      );
    }
  };
}
