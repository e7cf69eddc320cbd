import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { describe, expect, it } from 'vitest';
import { metricValue, samples } from '../test/metric-values';
import { useTestDatabase } from '../test/test-database';
import { useTestServer } from '../test/test-server';
import { httpMetrics } from './http';

const DURATION = 'http_request_duration_seconds';

/** How many requests the histogram has counted with exactly these labels. */
const countOf = async (method: string, route: string, status: number) =>
  (await samples(DURATION)).find(
    (s) =>
      s.name === `${DURATION}_count` &&
      s.labels.method === method &&
      s.labels.route === route &&
      s.labels.status === String(status),
  )?.value ?? 0;

describe('request timings through the app', () => {
  const db = useTestDatabase();
  const api = useTestServer(db);

  it('labels a request by its route pattern, never by the ids in its path', async () => {
    const before = await countOf('GET', '/api/bookings/:id', 401);
    const ids = [randomUUID(), randomUUID()];
    for (const id of ids) {
      expect((await fetch(`${api.url}/api/bookings/${id}`)).status).toBe(401);
    }
    expect(await countOf('GET', '/api/bookings/:id', 401)).toBe(before + 2);
    const routes = new Set((await samples(DURATION)).map((s) => s.labels.route));
    for (const id of ids) expect([...routes].some((r) => r?.includes(id))).toBe(false);
  });

  it('puts unknown API paths, pages and files under fixed labels', async () => {
    const unmatched = await countOf('GET', 'unmatched', 404);
    const pages = await countOf('GET', 'static', 404);
    expect((await fetch(`${api.url}/api/no-such/${randomUUID()}`)).status).toBe(404);
    expect((await fetch(`${api.url}/jobs/${randomUUID()}/photo.png`)).status).toBe(404);
    expect(await countOf('GET', 'unmatched', 404)).toBe(unmatched + 1);
    expect(await countOf('GET', 'static', 404)).toBe(pages + 1);
  });

  it('names the route a wrong method reached', async () => {
    const before = await countOf('DELETE', '/api/health', 405);
    expect((await fetch(`${api.url}/api/health`, { method: 'DELETE' })).status).toBe(405);
    expect(await countOf('DELETE', '/api/health', 405)).toBe(before + 1);
  });
});

describe('requests in flight', () => {
  it('counts a request while it is answered, and not after', async () => {
    let release = () => {};
    let arrived = () => {};
    const inside = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const app = new Koa();
    app.use(httpMetrics());
    app.use(async (ctx) => {
      arrived();
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      ctx.body = 'done';
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', resolve));
    try {
      const idle = await metricValue('http_requests_in_flight');
      const answer = fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/x`);
      await inside;
      expect(await metricValue('http_requests_in_flight')).toBe(idle + 1);
      release();
      expect((await answer).status).toBe(200);
      expect(await metricValue('http_requests_in_flight')).toBe(idle);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
