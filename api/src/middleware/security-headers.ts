import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { Middleware } from 'koa';

/**
 * Helmet's headers, worked out once. Our options hold no per-request parts (no nonces), so
 * every answer gets the same headers; running helmet's dozen middlewares (and its CSP join) on
 * each request cost about a tenth of a small API answer. Helmet is asked once, at startup, what
 * it would set, and those exact headers are set from then on.
 */
export function securityHeaders(options: HelmetOptions): Middleware {
  const headers: [string, string][] = [];
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers.push([name, String(value)]);
    },
    removeHeader: () => {},
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    if (error) throw error;
  });
  return (ctx, next) => {
    for (const [name, value] of headers) ctx.res.setHeader(name, value);
    return next();
  };
}
