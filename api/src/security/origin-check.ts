import type { Middleware } from 'koa';
import { AppError } from '../errors';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests a browser sent from another site (CSRF), on top of the
 * SameSite=Lax cookie. Requests without Origin (curl, server-to-server) carry no cookie risk.
 */
export function originCheck(allowed: string[] = []): Middleware {
  const extra = new Set(allowed.map((url) => new URL(url).origin));
  return async (ctx, next) => {
    if (!SAFE.has(ctx.method)) {
      const origin = ctx.get('Origin');
      // Not ctx.origin: in Koa 3 that can echo the request's own Origin header.
      const own = `${ctx.protocol}://${ctx.host}`;
      const crossSite = ctx.get('Sec-Fetch-Site') === 'cross-site';
      if ((origin && origin !== own && !extra.has(origin)) || (crossSite && !extra.has(origin))) {
        throw new AppError(
          403,
          'cross_origin',
          'This request came from another site and was refused.',
        );
      }
    }
    await next();
  };
}
