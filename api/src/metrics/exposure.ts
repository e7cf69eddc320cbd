import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Middleware } from 'koa';
import { AppError } from '../errors';
import { METRICS_PATH } from './http';
import { registry } from './registry';

// Hashed first so the comparison takes as long whatever the length of the guess.
const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether an Authorization header carries exactly `Bearer <token>`, compared in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? '');
  const given = match?.[1] ?? '';
  // Both compared even when no token was sent: a missing header takes no shorter path.
  const same = timingSafeEqual(digest(given), digest(token));
  return same && match !== null;
}

/**
 * The main app's GET /metrics for a scraper holding METRICS_TOKEN (the numbers say how busy the
 * business is: not for the public). Other methods and paths pass on, to whatever answers them.
 */
export function metricsEndpoint(token: string): Middleware {
  return async (ctx, next) => {
    if (ctx.path !== METRICS_PATH || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) {
      return next();
    }
    ctx.set('Cache-Control', 'no-store');
    if (!bearerMatches(ctx.get('Authorization') || undefined, token)) {
      ctx.set('WWW-Authenticate', 'Bearer realm="metrics"');
      throw new AppError(401, 'unauthenticated', 'The metrics need their bearer token.');
    }
    ctx.type = registry.contentType;
    ctx.body = await registry.metrics();
  };
}

export type MetricsServer = { url: string; port: number; close(): Promise<void> };

/**
 * A listener that serves only GET /metrics, with no token: for METRICS_PORT on a private network
 * (bind `host` to that network's address). Resolves once it listens; rejects if it cannot.
 */
export async function startMetricsServer(port: number, host?: string): Promise<MetricsServer> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== METRICS_PATH) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found\n');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain' });
      res.end('Method not allowed\n');
      return;
    }
    registry.metrics().then(
      (text) => {
        res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      () => {
        res.writeHead(500, { 'Content-Type': 'text/plain' }).end('Metrics unavailable\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${shown}:${address.port}${METRICS_PATH}`,
    port: address.port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
