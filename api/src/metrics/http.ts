import type { Context, Middleware } from 'koa';
import { Gauge, Histogram } from 'prom-client';
import { registry } from './registry';

export const METRICS_PATH = '/metrics';

const requestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by method, route pattern and status.',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
});

const inFlight = new Gauge({
  name: 'http_requests_in_flight',
  help: 'HTTP requests being answered now.',
  registers: [registry],
});

// Node parses some thirty methods; the ones we route are the only ones worth a series.
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

type Layer = { path: unknown; methods: string[] };
type Routed = { _matchedRoute?: unknown; matched?: Layer[] };

/**
 * The route a request reached as its declared pattern (/api/bookings/:id), never the path it
 * asked for: ids in labels would make a series per booking. A path that matched a route but not
 * its method (405) names that route; anything else is one of two fixed labels.
 */
export function routeLabel(ctx: Context): string {
  const routed = ctx as unknown as Routed;
  if (typeof routed._matchedRoute === 'string') return routed._matchedRoute;
  const byPath = routed.matched?.findLast((layer) => layer.methods.length > 0)?.path;
  if (typeof byPath === 'string') return byPath;
  if (ctx.path === METRICS_PATH) return METRICS_PATH;
  return ctx.path === '/api' || ctx.path.startsWith('/api/') ? 'unmatched' : 'static';
}

/** Times every request and counts those in flight; outermost, so it sees the status sent. */
export function httpMetrics(): Middleware {
  return async (ctx, next) => {
    const stop = requestDuration.startTimer();
    inFlight.inc();
    let status: number | undefined;
    try {
      await next();
    } catch (error) {
      // Koa answers an error nothing caught with its status, or 500.
      const own = (error as { status?: unknown }).status;
      status = typeof own === 'number' && own >= 400 && own < 600 ? own : 500;
      throw error;
    } finally {
      inFlight.dec();
      stop({
        method: METHODS.has(ctx.method) ? ctx.method : 'OTHER',
        route: routeLabel(ctx),
        status: String(status ?? ctx.status),
      });
    }
  };
}
