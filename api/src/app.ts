import Koa from 'koa';
import { Model } from 'objection';
import { apiRouter, apiRoutes } from './api-routes';
import type { AppDeps } from './app-deps';
import { AppError } from './errors';
import { requestId } from './logger';
import { observeDatabase } from './metrics/database';
import { metricsEndpoint } from './metrics/exposure';
import { httpMetrics } from './metrics/http';
import { compression } from './middleware/compression';
import { errorHandler, logAppErrors } from './middleware/error-handler';
import { jsonOnce } from './middleware/json-once';
import { requestLog } from './middleware/request-log';
import { securityHeaders } from './middleware/security-headers';
import { staticApps } from './middleware/static-apps';
import { originCheck } from './security/origin-check';
import { sessionMiddleware } from './sessions/session';
import { signedInHint } from './sessions/signed-in-hint';

export { apiRouter, apiRoutes } from './api-routes';
export {
  type AppDeps,
  paymentDepsOf,
  siteUrlOf,
  smsOf,
  visitUpdateDepsOf,
} from './app-deps';

const isApi = (path: string) => path === '/api' || path.startsWith('/api/');

/** Builds the whole app from its adapters; never listens (server.ts does). */
export function createApp(deps: AppDeps): Koa {
  // Objection models run on the app's database.
  Model.knex(deps.db);
  // The pool and job-queue gauges read the same database, when scraped.
  observeDatabase(deps.db);
  const app = new Koa();
  app.on('error', logAppErrors(deps.logger));
  app.keys = deps.sessionKeys;
  // Behind a TLS-terminating proxy, trust X-Forwarded-* so cookies and ctx.secure are right.
  app.proxy = deps.trustProxy ?? false;

  // First, so every line logged for the request (the request line too) carries its id.
  app.use(requestId());
  // The log wraps the error handler so it records the status the client really got.
  app.use(requestLog(deps.logger));
  // Timed like the log: the status is the one the client got.
  app.use(httpMetrics());
  // A stopping process closes each connection after its answer, so the drain ends promptly.
  app.use(async (ctx, next) => {
    await next();
    if (deps.lifecycle?.draining) ctx.set('Connection', 'close');
  });
  app.use(compression());
  // Inside compress (which needs the length) and outside the error handler (errors are JSON too).
  app.use(jsonOnce());
  app.use(errorHandler(deps.logger));
  // API answers are personal (a provider's jobs carry client phones): no cache keeps them, errors
  // included, unless a route says otherwise (photos).
  app.use((ctx, next) => {
    if (isApi(ctx.path)) ctx.set('Cache-Control', 'no-store');
    return next();
  });
  // Stripe's Payment Element is Stripe's script in Stripe's frames (their CSP guide).
  const stripe = deps.payments.name === 'stripe';
  app.use(
    securityHeaders({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...(stripe ? ['https://js.stripe.com'] : [])],
          frameSrc: stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : ["'none'"],
          // Radix positions popovers and toasts with inline styles.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          connectSrc: ["'self'", ...(stripe ? ['https://api.stripe.com'] : [])],
          workerSrc: ["'self'", 'blob:'],
          manifestSrc: ["'self'"],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.use(originCheck(deps.publicUrl ? [deps.publicUrl] : []));
  // Before the session: a scraper has a token, never a session to look up.
  if (deps.metricsToken) app.use(metricsEndpoint(deps.metricsToken));
  // Only API routes read the session: a page, script or image never costs a session lookup.
  const session = sessionMiddleware(app, deps.db, deps.sessionCache);
  const hint = signedInHint();
  app.use((ctx, next) => (isApi(ctx.path) ? session(ctx, () => hint(ctx, next)) : next()));

  app.use(async (ctx, next) => {
    await next();
    if (isApi(ctx.path) && ctx.status === 404 && ctx.body === undefined) {
      throw new AppError(404, 'not_found', `No API route for ${ctx.method} ${ctx.path}.`);
    }
  });
  const api = apiRouter(apiRoutes(deps));
  app.use(api.routes());
  app.use(
    api.allowedMethods({
      throw: true,
      methodNotAllowed: () =>
        new AppError(405, 'method_not_allowed', 'That method is not allowed on this route.'),
      // An unknown method is the request's fault too: 405, not 501, as no input earns a 5xx.
      notImplemented: () =>
        new AppError(405, 'method_not_allowed', 'That method is not allowed on this route.'),
    }),
  );
  if (deps.staticApps) app.use(staticApps(deps.staticApps));
  return app;
}
