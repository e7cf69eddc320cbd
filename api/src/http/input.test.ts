import Router from '@koa/router';
import Koa from 'koa';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorHandler } from '../middleware/error-handler';
import { jsonBody } from '../middleware/json-body';
import { parseBody, parseParams, parseQuery } from './input';

let base = '';
let close = () => {};

beforeAll(async () => {
  const app = new Koa();
  app.use(errorHandler(pino({ level: 'silent' })));
  for (const middleware of jsonBody()) app.use(middleware);
  const router = new Router().post('/things/:id', (ctx) => {
    const { id } = parseParams(ctx, z.object({ id: z.string().uuid() }));
    const { limit } = parseQuery(ctx, z.object({ limit: z.coerce.number().int().min(1).max(50) }));
    const body = parseBody(ctx, z.object({ name: z.string().trim().min(1, 'Name is required') }));
    ctx.body = { id, limit, name: body.name };
  });
  app.use(router.routes());
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  close = () => server.close();
});
afterAll(() => close());

const id = '6f1c2b9e-8a4d-4c3b-9f00-1234567890ab';
const post = (path: string, body?: unknown) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

describe('route input parsing', () => {
  it('hands the route typed, parsed params, query and body', async () => {
    const res = await post(`/things/${id}?limit=5`, { name: '  Oven  ' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id, limit: 5, name: 'Oven' });
  });

  it('answers 400 with the problem for bad params, query or body', async () => {
    const cases: [string, unknown, RegExp][] = [
      [`/things/not-a-uuid?limit=5`, { name: 'x' }, /^id: /],
      [`/things/${id}?limit=500`, { name: 'x' }, /^limit: /],
      [`/things/${id}?limit=5`, { name: '   ' }, /^name: Name is required$/],
      [`/things/${id}?limit=5`, undefined, /^name: /],
    ];
    for (const [path, body, message] of cases) {
      const res = await post(path, body);
      expect(res.status, path).toBe(400);
      const json = (await res.json()) as { code: string; message: string };
      expect(json.code).toBe('validation_error');
      expect(json.message).toMatch(message);
    }
  });
});
