import { describe, expect, it } from 'vitest';
import { apiRouter } from '../app';
import { useTestDatabase } from '../test/test-database';
import { testAppDeps, useTestServer } from '../test/test-server';
import { jsonLimitBytes } from './json-body';

const db = useTestDatabase();
const api = useTestServer(db);

const WRITES = ['POST', 'PUT', 'PATCH', 'DELETE'];

/** Every route the API has that takes a body, with its method, plus an unknown one. */
function writeRoutes(): [string, string][] {
  const router = apiRouter(testAppDeps(db.knex));
  const routes = router.stack.flatMap((layer) =>
    layer.methods
      .filter((method) => WRITES.includes(method))
      .map((method): [string, string] => [
        method,
        String(layer.path).replace(/:[a-zA-Z]+/g, '00000000-0000-4000-8000-000000000000'),
      ]),
  );
  return [...routes, ['POST', '/api/not-a-route']];
}

/** A JSON body one byte over the route's own limit. */
const oversized = (path: string) => `{"notes":"${'x'.repeat(jsonLimitBytes(path) - 11)}"}`;
const cases: [string, (path: string) => RequestInit, number, string][] = [
  [
    'bad JSON',
    () => ({ headers: { 'Content-Type': 'application/json' }, body: '{"email": ' }),
    400,
    'invalid_json',
  ],
  [
    'a wrong content type',
    () => ({ headers: { 'Content-Type': 'text/plain' }, body: 'email=a@b.c' }),
    415,
    'unsupported_media_type',
  ],
  [
    'a form body',
    () => ({ headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'a=1' }),
    415,
    'unsupported_media_type',
  ],
  [
    'an oversized body',
    (path) => ({ headers: { 'Content-Type': 'application/json' }, body: oversized(path) }),
    413,
    'payload_too_large',
  ],
];

describe('request bodies on every write route', () => {
  for (const [what, init, status, code] of cases) {
    it(`answers ${what} with ${status} and a message, changing nothing`, async () => {
      const before = await db.knex('sessions').count({ n: '*' }).first();
      for (const [method, path] of writeRoutes()) {
        const res = await fetch(`${api.url}${path}`, { method, ...init(path) });
        expect(res.status, path).toBe(status);
        const body = (await res.json()) as { code: string; message: string };
        expect(body.code, path).toBe(code);
        expect(body.message, path).toMatch(/\w+/);
        expect(res.headers.get('set-cookie'), path).toBeNull();
      }
      const after = await db.knex('sessions').count({ n: '*' }).first();
      expect(after).toEqual(before);
    });
  }
});
