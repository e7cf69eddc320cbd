import type { AddressInfo } from 'node:net';
import { errorBodySchema } from '@twinclean/shared/errors';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { useTestDatabase } from '../test/test-database';
import { testAppDeps, useTestServer } from '../test/test-server';
import { bearerMatches, startMetricsServer } from './exposure';

const TOKEN = 'metrics-token-0123456789abcdef';
const PROMETHEUS_TEXT = /^text\/plain; version=0\.0\.4/;
const db = useTestDatabase();

describe('GET /metrics on the main app with METRICS_TOKEN', () => {
  const api = useTestServer(db, () => ({ metricsToken: TOKEN }));
  const scrape = (authorization?: string) =>
    fetch(`${api.url}/metrics`, authorization ? { headers: { Authorization: authorization } } : {});

  it('refuses a scraper without the token, or with another, with a JSON message', async () => {
    for (const authorization of [
      undefined,
      `Bearer ${TOKEN.slice(0, -1)}`,
      `Bearer ${TOKEN}x`,
      `Basic ${Buffer.from(`metrics:${TOKEN}`).toString('base64')}`,
      TOKEN,
    ]) {
      const res = await scrape(authorization);
      expect(res.status, authorization).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      const body = errorBodySchema.parse(await res.json());
      expect(body.message.length).toBeGreaterThan(0);
    }
  });

  it('answers the token in the Prometheus text format, app and process metrics alike', async () => {
    await fetch(`${api.url}/api/health`);
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(PROMETHEUS_TEXT);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = await res.text();
    expect(text).toMatch(/^http_request_duration_seconds_count\{.*route="\/api\/health".*\} \d+$/m);
    expect(text).toContain('# TYPE twinclean_db_pool_connections gauge');
    expect(text).toContain('# TYPE twinclean_punches_total counter');
    expect(text).toContain('process_cpu_user_seconds_total');
    // The scheme is case-insensitive (RFC 7235).
    expect((await scrape(`bearer ${TOKEN}`)).status).toBe(200);
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  it('is an unknown path, token or not', async () => {
    const server = createApp(testAppDeps(db.knex)).listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const unknown = await fetch(`${url}/no-such-page`);
      const res = await fetch(`${url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
      expect(res.status).toBe(404);
      expect(res.status).toBe(unknown.status);
      expect(await res.text()).toBe(await unknown.text());
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('the METRICS_PORT listener', () => {
  it('serves /metrics with no token, and nothing else', async () => {
    const metrics = await startMetricsServer(0, '127.0.0.1');
    try {
      const base = `http://127.0.0.1:${metrics.port}`;
      expect(metrics.url).toBe(`${base}/metrics`);
      const res = await fetch(metrics.url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(PROMETHEUS_TEXT);
      expect(await res.text()).toContain('# TYPE http_request_duration_seconds histogram');
      expect((await fetch(`${base}/metrics?x=1`)).status).toBe(200);
      expect((await fetch(`${base}/`)).status).toBe(404);
      expect((await fetch(`${base}/api/health`)).status).toBe(404);
      expect((await fetch(metrics.url, { method: 'POST' })).status).toBe(405);
    } finally {
      await metrics.close();
    }
  });

  it('rejects a port already taken', async () => {
    const first = await startMetricsServer(0, '127.0.0.1');
    try {
      await expect(startMetricsServer(first.port, '127.0.0.1')).rejects.toMatchObject({
        code: 'EADDRINUSE',
      });
    } finally {
      await first.close();
    }
  });
});

describe('bearerMatches', () => {
  it('takes exactly "Bearer <token>" and nothing else', () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`Bearer  ${TOKEN} `, TOKEN)).toBe(true);
    expect(bearerMatches(undefined, TOKEN)).toBe(false);
    expect(bearerMatches('Bearer ', TOKEN)).toBe(false);
    expect(bearerMatches(`Bearer ${TOKEN} ${TOKEN}`, TOKEN)).toBe(false);
    expect(bearerMatches(`Token ${TOKEN}`, TOKEN)).toBe(false);
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (guess) => {
        fc.pre(guess.trim() !== TOKEN);
        expect(bearerMatches(`Bearer ${guess}`, TOKEN)).toBe(false);
        expect(bearerMatches(guess, TOKEN)).toBe(false);
      }),
    );
  });
});
