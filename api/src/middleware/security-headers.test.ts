import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import helmet, { type HelmetOptions } from 'helmet';
import Koa from 'koa';
import { describe, expect, it } from 'vitest';
import { securityHeaders } from './security-headers';

async function headersOf(listener: Parameters<typeof createServer>[1]) {
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    await res.text();
    return Object.fromEntries(
      [...res.headers].filter(([name]) => !['date', 'connection', 'keep-alive'].includes(name)),
    );
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('securityHeaders', () => {
  it('sets exactly what helmet sets on each request, worked out once', async () => {
    const options: HelmetOptions = {
      contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], frameAncestors: ["'none'"] } },
      crossOriginEmbedderPolicy: false,
    };
    const byHelmet = await headersOf((req, res) => helmet(options)(req, res, () => res.end('ok')));
    const app = new Koa();
    app.use(securityHeaders(options));
    app.use((ctx) => {
      ctx.body = 'ok';
    });
    const byUs = await headersOf(app.callback());
    delete byUs['content-type'];
    delete byUs['content-length'];
    delete byHelmet['content-length'];
    expect(Object.keys(byHelmet).length).toBeGreaterThan(8);
    expect(byUs).toEqual(byHelmet);
  });
});
