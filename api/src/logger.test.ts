import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import type { Logger } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from './adapters/mailer';
import { createLogger, currentRequestId, REQUEST_ID_HEADER, requestId } from './logger';
import { errorHandler } from './middleware/error-handler';
import { requestLog } from './middleware/request-log';
import { useTestDatabase } from './test/test-database';
import { useTestServer } from './test/test-server';

type Line = { msg: string; reqId?: string; [field: string]: unknown };

/** A logger of createLogger's kind whose lines land in `lines`. */
function capturingLogger(): { logger: Logger; lines: Line[] } {
  const lines: Line[] = [];
  const logger = createLogger('info', { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A module that knows nothing of requests: it only holds the shared logger. */
const auditTrail = (logger: Logger) => ({
  async noteVisit(path: string) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    logger.info({ path }, 'visit noted');
  },
});

describe('request ids in a small app', () => {
  const { logger, lines } = capturingLogger();
  const trail = auditTrail(logger);
  // Requests to /slow wait here until released, so two can be in flight at once.
  const waiting: (() => void)[] = [];
  let url = '';
  let close = () => Promise.resolve();

  beforeAll(async () => {
    const app = new Koa();
    app.use(requestId());
    app.use(requestLog(logger));
    app.use(errorHandler(logger));
    app.use(async (ctx) => {
      logger.info({ step: 'before' }, 'handling');
      if (ctx.path.startsWith('/slow')) await new Promise<void>((resolve) => waiting.push(resolve));
      await trail.noteVisit(ctx.path);
      if (ctx.path === '/boom') throw new Error('kaput');
      ctx.body = { seen: currentRequestId() };
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  });
  afterAll(() => close());

  const linesOf = (reqId: string) => lines.filter((line) => line.reqId === reqId);

  it('answers with a new id and logs every line of the request with it, module lines too', async () => {
    lines.length = 0;
    const res = await fetch(`${url}/hello`);
    const id = res.headers.get(REQUEST_ID_HEADER) ?? '';
    expect(id).toMatch(UUID);
    expect(await res.json()).toEqual({ seen: id });
    expect(lines.map((l) => l.msg)).toEqual(['handling', 'visit noted', 'request']);
    expect(linesOf(id)).toHaveLength(3);
  });

  it('keeps a usable incoming id and replaces one that is not', async () => {
    const kept = await fetch(`${url}/a`, { headers: { [REQUEST_ID_HEADER]: 'lb-7f3a.c_9' } });
    expect(kept.headers.get(REQUEST_ID_HEADER)).toBe('lb-7f3a.c_9');
    for (const bad of ['has space', 'x'.repeat(101), 'quote"d', 'new\\nline', 'é']) {
      lines.length = 0;
      const res = await fetch(`${url}/b`, { headers: { [REQUEST_ID_HEADER]: bad } });
      const id = res.headers.get(REQUEST_ID_HEADER) ?? '';
      expect(id, bad).toMatch(UUID);
      expect(lines.every((l) => l.reqId === id)).toBe(true);
    }
  });

  it('keeps the ids of two requests in flight at once apart', async () => {
    lines.length = 0;
    const first = fetch(`${url}/slow/1`);
    const second = fetch(`${url}/slow/2`);
    await expect.poll(() => waiting.length).toBe(2);
    // Released in the other order: each finishes while the other is still being handled.
    waiting.pop()?.();
    waiting.pop()?.();
    const [a, b] = await Promise.all([first, second]);
    const [idA, idB] = [a, b].map((r) => r.headers.get(REQUEST_ID_HEADER) ?? '');
    expect(idA).not.toBe(idB);
    for (const [id, path] of [
      [idA, '/slow/1'],
      [idB, '/slow/2'],
    ] as const) {
      expect(linesOf(id as string).map((l) => l.msg)).toEqual([
        'handling',
        'visit noted',
        'request',
      ]);
      expect(linesOf(id as string).find((l) => l.msg === 'visit noted')?.path).toBe(path);
    }
    expect(lines).toHaveLength(6);
  });

  it('carries the id on a failed request: its answer and the error line', async () => {
    lines.length = 0;
    const res = await fetch(`${url}/boom`);
    expect(res.status).toBe(500);
    const id = res.headers.get(REQUEST_ID_HEADER) ?? '';
    expect(id).toMatch(UUID);
    expect(lines.map((l) => l.msg)).toEqual([
      'handling',
      'visit noted',
      'unhandled error',
      'request',
    ]);
    expect(linesOf(id)).toHaveLength(4);
  });

  it('logs outside a request without a reqId', () => {
    lines.length = 0;
    logger.info('startup');
    expect(lines[0]).not.toHaveProperty('reqId');
  });
});

describe('request ids in the real app', () => {
  const db = useTestDatabase();
  const { logger, lines } = capturingLogger();
  // The stored mailer logs each message it keeps, from deep inside the signup route.
  const api = useTestServer(db, () => ({
    logger,
    mailer: createMailer({ db: db.knex, logger, from: 'TwinClean <test@twinclean.test>' }),
  }));

  it("tags the signup's request line and the mailer's line with the id the answer carries", async () => {
    lines.length = 0;
    const res = await fetch(`${api.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        email: 'logged@example.com',
        password: 'long enough password',
        firstName: 'Lou',
        lastName: 'Logger',
        phone: '612-555-0100',
      }),
    });
    expect(res.status).toBeLessThan(300);
    const id = res.headers.get(REQUEST_ID_HEADER) ?? '';
    expect(id).toMatch(UUID);
    expect(lines.map((l) => l.msg)).toEqual(
      expect.arrayContaining(['e-mail stored (no SMTP_URL)', 'request']),
    );
    for (const line of lines) expect(line.reqId, line.msg).toBe(id);
  });

  it('answers an unknown API path with an id too', async () => {
    const res = await fetch(`${api.url}/api/nothing-here`);
    expect(res.status).toBe(404);
    expect(res.headers.get(REQUEST_ID_HEADER)).toMatch(UUID);
  });
});
