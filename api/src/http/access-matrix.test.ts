import { errorBodySchema } from '@twinclean/shared/errors';
import { ALL_ROLES } from '@twinclean/shared/roles';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../db/seeds/seed';
import { apiRoutes, createApp } from '../app';
import type { ApiRouter } from '../context';
import { type Call, fillPath, SAMPLES } from '../test/route-samples';
import {
  CALLERS,
  type Caller,
  createPeople,
  createWorld,
  type People,
  restoreSessions,
  roleOf,
  snapshot,
} from '../test/route-world';
import { useTestDatabase } from '../test/test-database';
import { testAppDeps, useTestServer } from '../test/test-server';
import { OWNED_RESOURCES, type Route } from './route';

/*
 * Every API route declares who may call it (http/route.ts). This walks them all and calls each
 * as every kind of caller: a guest, a user of each role, and a second user of the same role as
 * the owner of what the route touches. A refusal must be the right one and change nothing; a
 * stranger must get exactly the answer for something that does not exist; and no answer to
 * anyone but the owners and admins may carry the owners' private text.
 */

const db = useTestDatabase();
// Each call from its own address: per-address rate limits (20 bookings an hour, shared by the
// four booking forms) would otherwise answer the later routes' calls with 429 and test nothing.
// With a metrics token, so GET /metrics (token, not session) is walked below too.
const METRICS_TOKEN = 'matrix-metrics-token-0123456789';
const api = useTestServer(db, () => ({ trustProxy: true, metricsToken: METRICS_TOKEN }));
let calls = 0;
const routes = () => apiRoutes(testAppDeps(db.knex));
const key = (route: Pick<Route, 'method' | 'path'>) => `${route.method} ${route.path}`;
/** Who a world's resources belong to: what they may see of it. */
const OWNERS: readonly Caller[] = ['clientA', 'providerA', 'admin_staff', 'admin_owner'];

let people: People;
beforeAll(async () => {
  await seedDemoData(db.knex);
  people = await createPeople(db.knex);
});

async function call(route: Route, caller: Caller, sample: Call) {
  const n = ++calls;
  const headers: Record<string, string> = {
    'X-Forwarded-For': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    ...sample.headers,
  };
  if (caller !== 'guest') headers.cookie = people[caller].cookie;
  if (sample.body !== undefined) headers['Content-Type'] = 'application/json';
  const query = sample.query ? `?${new URLSearchParams(sample.query)}` : '';
  const res = await fetch(`${api.url}${fillPath(route.path, sample.params)}${query}`, {
    method: route.method,
    headers,
    body: sample.body === undefined ? undefined : JSON.stringify(sample.body),
    redirect: 'manual',
  });
  const type = res.headers.get('content-type') ?? '';
  const text = type.startsWith('image/') ? '' : await res.text();
  return { status: res.status, text };
}

const allowed = (route: Route, caller: Caller) =>
  'public' in route.access || (caller !== 'guest' && route.access.roles.includes(roleOf(caller)));
/** A caller of the owner's role who is not the owner. */
const stranger = (route: Route, caller: Caller) =>
  'roles' in route.access && route.access.owns !== undefined && /B$/.test(caller);

describe('the access matrix', () => {
  it('has a declaration for every route on the router, and a sample call for each', () => {
    const declared = routes();
    for (const route of declared) {
      if ('roles' in route.access) {
        expect(route.access.roles.length, key(route)).toBeGreaterThan(0);
        for (const role of route.access.roles) expect(ALL_ROLES).toContain(role);
        if (route.access.owns) expect(OWNED_RESOURCES).toContain(route.access.owns);
      } else {
        expect(route.access.public, key(route)).toBe(true);
      }
      expect(SAMPLES[key(route)], `no sample call for ${key(route)}`).toBeDefined();
    }
    const names = declared.map(key);
    expect(new Set(names).size).toBe(names.length);
    // Whatever routers the real app mounts, not just the one built from the declarations.
    const app = createApp(testAppDeps(db.knex));
    const onRouter = app.middleware
      .flatMap((mw) => (mw as { router?: ApiRouter }).router?.stack ?? [])
      .flatMap((layer) =>
        layer.methods.filter((m) => m !== 'HEAD').map((m) => `${m} ${layer.path}`),
      );
    expect(onRouter.sort()).toEqual([...names].sort());
    expect(Object.keys(SAMPLES).sort()).toEqual([...names].sort());
  });

  // A route's world and its seven callers take seconds; a loaded machine (CI beside a build)
  // can take several times that, which is no failure of the route's access.
  for (const route of routes()) {
    it(`${key(route)}: right refusals, strangers see nothing, nobody else's data leaks`, async () => {
      await restoreSessions(db.knex, people);
      const world = await createWorld(db.knex, api.deps.storage, people);
      const sample = SAMPLES[key(route)]?.(world);
      if (!sample) throw new Error(`no sample call for ${key(route)}`);
      // Refused callers first, then strangers, then the rest: each must meet the world untouched.
      const rank = (c: Caller) => (!allowed(route, c) ? 0 : stranger(route, c) ? 1 : 2);
      const order = [...CALLERS].sort((a, b) => rank(a) - rank(b));
      for (const caller of order) {
        const before = await snapshot(db.knex);
        const answer = await call(route, caller, sample);
        if (!allowed(route, caller)) {
          expect(answer.status, caller).toBe(caller === 'guest' ? 401 : 403);
          expect(errorBodySchema.parse(JSON.parse(answer.text)).code).toBe(
            caller === 'guest' ? 'unauthenticated' : 'forbidden',
          );
          expect(await snapshot(db.knex), `${caller} changed something`).toBe(before);
          continue;
        }
        if (stranger(route, caller)) {
          expect(await snapshot(db.knex), `${caller} changed what is not theirs`).toBe(before);
          expect(sample.missing, `${key(route)} needs a missing-resource call`).toBeDefined();
          const absent = await call(route, caller, sample.missing as Call);
          expect(answer, `${caller} can tell that it exists`).toEqual(absent);
        }
        expect(answer.status, `${caller}: ${answer.text}`).toBeLessThan(500);
        // The owners' own call works: a stale sample cannot pass for a refusal.
        if ('owns' in route.access && route.access.owns && OWNERS.includes(caller)) {
          expect(answer.status, `${caller}: ${answer.text}`).toBeLessThan(300);
        }
        if (!OWNERS.includes(caller)) {
          for (const secret of world.secrets) {
            expect(answer.text, `${caller} saw the owners' data`).not.toContain(secret);
          }
        }
      }
    }, 60_000);
  }

  // The one path outside the declarations, last: by now every route above has been called.
  it('GET /metrics: no session of any role opens it, its token does, and it names no one', async () => {
    await restoreSessions(db.knex, people);
    const world = await createWorld(db.knex, api.deps.storage, people);
    for (const caller of CALLERS) {
      const headers: Record<string, string> =
        caller === 'guest' ? {} : { cookie: people[caller].cookie };
      const refused = await fetch(`${api.url}/metrics`, { headers });
      expect(refused.status, caller).toBe(401);
      expect(errorBodySchema.parse(await refused.json()).code).toBe('unauthenticated');
    }
    const res = await fetch(`${api.url}/metrics`, {
      headers: { Authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(res.status).toBe(200);
    const text = await res.text();
    // Routes are labelled by pattern: every id the calls above carried stays out.
    expect(text).toContain('route="/api/bookings/:id"');
    expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i);
    for (const secret of world.secrets) expect(text).not.toContain(secret);
  });
});
