import { errorBodySchema } from '@twinclean/shared/errors';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../db/seeds/seed';
import { apiRoutes } from '../app';
import { type Call, fillPath, SAMPLES, wellFormed } from '../test/route-samples';
import {
  type Caller,
  createPeople,
  createWorld,
  type People,
  restoreSessions,
  snapshot,
  type World,
} from '../test/route-world';
import { useTestDatabase } from '../test/test-database';
import { testAppDeps, useTestServer } from '../test/test-server';
import { arbitraryFor, edgeBodies, hostileBodies, nastyText } from '../test/zod-arbitrary';
import type { Route } from './route';

/*
 * Property: whatever arrives at a route with a body or parameters — valid, nearly valid or
 * hostile — the answer is never a 5xx, every error has the agreed body, and a refused request
 * writes nothing (but the refusals the design keeps). Bounded per route in runs and time;
 * FUZZ_RUNS and FUZZ_SEED reproduce or deepen a run.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
const TIME_LIMIT_MS = Number(process.env.FUZZ_MS_PER_ROUTE ?? 2_000);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

// Refusals that are kept on purpose: a wrong code counts against the code's tries.
const KEPT_ON_REFUSAL: Record<string, readonly string[]> = {
  'POST /api/auth/verify-email': ['email_codes'],
  'POST /api/auth/verify-reset-code': ['email_codes'],
  'POST /api/auth/reset-password': ['email_codes'],
};

const key = (route: Route) => `${route.method} ${route.path}`;

/** Who calls: the owner of what the route touches, else a user of its first role, else a guest. */
function callerFor(route: Route): Caller {
  if ('public' in route.access) return 'guest';
  const role = route.access.roles[0];
  if (role === 'client') return 'clientA';
  if (role === 'provider') return 'providerA';
  return role ?? 'guest';
}

type Request = Call & { ip: string };

function requests(route: Route, sample: Call): fc.Arbitrary<Request> {
  const params = Object.fromEntries(
    Object.entries(sample.params ?? {}).map(([name, good]) => [
      name,
      fc.oneof(
        { weight: 3, arbitrary: fc.constant(good) },
        fc.uuid(),
        nastyText.map((text) => encodeURIComponent(wellFormed(text))),
        // Broken escapes, traversal and an encoded NUL, sent as they are.
        fc.constantFrom('%', '%E0%A4%A', '%ZZ', '..%2F..', '%2e%2e', '%00', '%C0%80'),
      ),
    ]),
  );
  const headers = Object.fromEntries(
    Object.entries(sample.headers ?? {}).map(([name, good]) => [
      name,
      fc.oneof(fc.constant(good), fc.uuid(), fc.string({ maxLength: 80 })),
    ]),
  );
  return fc.record({
    params: fc.record(params),
    headers: fc.record(headers),
    query: route.query
      ? fc.oneof(arbitraryFor(route.query), fc.dictionary(fc.string(), nastyText))
      : fc.constant(undefined),
    body: route.body ? hostileBodies(route.body, sample.body) : fc.constant(undefined),
    ip: fc.ipV4(),
  }) as fc.Arbitrary<Request>;
}

/** Whole bodies no form sends: nested past any schema, a bare value, a long list. */
const WHOLE_BODIES = [
  JSON.parse(`${'['.repeat(40)}${']'.repeat(40)}`),
  JSON.parse(`${'{"a":'.repeat(40)}1${'}'.repeat(40)}`),
  'just text',
  42,
  null,
  Array.from({ length: 2000 }, (_, i) => i),
];

/** The request aimed at `to`'s resources instead of `from`'s (the same ids, swapped). */
function rebase<T>(value: T, from: World, to: World): T {
  let text = JSON.stringify(value);
  if (text === undefined) return value;
  for (const name of [
    'job',
    'readyJob',
    'photo',
    'openJob',
    'priceJob',
    'slot',
    'endpoint',
  ] as const) {
    text = text.replaceAll(from[name], to[name]);
  }
  return JSON.parse(text) as T;
}

type Harness = {
  db: ReturnType<typeof useTestDatabase>;
  api: { url: string };
  people: () => People;
};

async function send(h: Harness, route: Route, caller: Caller, request: Request) {
  const headers: Record<string, string> = { 'X-Forwarded-For': request.ip, ...request.headers };
  if (caller !== 'guest') headers.cookie = h.people()[caller].cookie;
  if (request.body !== undefined) headers['Content-Type'] = 'application/json';
  const query = request.query ? `?${new URLSearchParams(request.query)}` : '';
  const res = await fetch(`${h.api.url}${fillPath(route.path, request.params, (v) => v)}${query}`, {
    method: route.method,
    headers,
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
    redirect: 'manual',
  });
  const type = res.headers.get('content-type') ?? '';
  return { status: res.status, text: type.startsWith('image/') ? '' : await res.text() };
}

/** The property every request must hold: no 5xx, the error body, nothing written on a refusal. */
async function check(h: Harness, route: Route, request: Request) {
  const except = KEPT_ON_REFUSAL[key(route)] ?? [];
  const before = await snapshot(h.db.knex, { keptRefusals: true, except });
  const answer = await send(h, route, callerFor(route), request);
  const context = `${answer.status} ${answer.text.slice(0, 300)}`;
  expect(answer.status, context).toBeLessThan(500);
  if (answer.status >= 400) {
    const body = errorBodySchema.parse(JSON.parse(answer.text));
    expect(body.message.length, context).toBeGreaterThan(0);
    expect(await snapshot(h.db.knex, { keptRefusals: true, except }), context).toBe(before);
  }
}

/**
 * Fuzzes one share of the routes (every `of`-th from `shard`): the fuzz runs as several test
 * files, which the two test workers share, instead of one long file that finishes last.
 */
export function fuzzShard(shard: number, of: number): void {
  const db = useTestDatabase();
  const api = useTestServer(db, () => ({ trustProxy: true }));
  let people: People;
  const h: Harness = { db, api, people: () => people };
  beforeAll(async () => {
    await seedDemoData(db.knex);
    people = await createPeople(db.knex);
  });

  describe(`fuzzing every route with a body, parameters or a query (share ${shard + 1} of ${of})`, () => {
    const routes = apiRoutes(testAppDeps(db.knex));
    const fuzzed = routes.filter((r) => r.body || r.params || r.query);
    const mine = fuzzed.filter((_, i) => i % of === shard);

    // Once, in the first share.
    if (shard === 0) {
      it('leaves out no route whose calls carry input', async () => {
        const world = await createWorld(db.knex, api.deps.storage, people);
        for (const route of routes) {
          const sample = SAMPLES[key(route)]?.(world) ?? {};
          const input = sample.body !== undefined || sample.params || sample.query;
          // A route reading input it does not declare (ctx.query, a raw body) escapes the fuzz.
          expect(
            !input || fuzzed.includes(route),
            `${key(route)} reads input it declares no schema for`,
          ).toBe(true);
        }
      });
    }

    for (const route of mine) {
      it(`${key(route)}: no 5xx, the error body, nothing written when refused`, async () => {
        await restoreSessions(db.knex, people);
        const first = await createWorld(db.knex, api.deps.storage, people);
        const template = SAMPLES[key(route)]?.(first) ?? {};
        // A write may use up its world (a job clocked out, a slot deleted): each case gets a fresh
        // one, so success paths are tried again and again, not once.
        const worldFor = async () =>
          route.method === 'GET' ? first : await createWorld(db.knex, api.deps.storage, people);
        const edges = [
          ...edgeBodies(() => SAMPLES[key(route)]?.(first).body),
          ...(route.body ? WHOLE_BODIES : []),
        ];
        // The time limit abandons a run midway, not stops it: it is awaited below, or its writes
        // would land in the next route's snapshots.
        let running: Promise<unknown> = Promise.resolve();
        await fc.assert(
          fc.asyncProperty(requests(route, template), async (request) => {
            const run = (async () => check(h, route, rebase(request, first, await worldFor())))();
            running = run.catch(() => undefined);
            await run;
          }),
          {
            numRuns: RUNS,
            interruptAfterTimeLimit: TIME_LIMIT_MS,
            seed: SEED,
            // Each from its own address, so per-address rate limits never hide a failure.
            examples: edges.map((body, i): [Request] => [
              { ...template, body, ip: `10.9.${i >> 8}.${i & 255}` },
            ]),
          },
        );
        await running;
      });
    }
  });
}
