import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../../db/seeds/demo-accounts';
import { seedDemoData } from '../../db/seeds/seed';
import { BALANCE_QUEUE } from '../modules/payments/workers';
import { RENEWAL_QUEUE } from '../modules/subscriptions/workers';
import {
  type AppProcess,
  browserSession,
  startAppProcess,
  stopAppProcess,
  waitFor,
} from '../test/app-process';
import { openJob } from '../test/auction-fixtures';
import { PNG } from '../test/fixtures';
import { newUser } from '../test/people';
import { insertAssignedJob, NEAR } from '../test/punch-fixtures';
import { type S3StandIn, s3StandInEnv, startS3StandIn } from '../test/s3-stand-in';
import { useTestDatabase } from '../test/test-database';

// The production shape on one machine: three `web` processes and one `worker` on one
// PostgreSQL and one S3-compatible store, started with the image's own command, requests
// spread round-robin. Each has a data folder of its own, so nothing can pass through a disk.

const db = useTestDatabase();
const SCRAPER = 'scraper-token-0123456789';
let s3: S3StandIn;
let web: AppProcess[] = [];
let worker: AppProcess;
let next = 0;
/** The next web process's address, round-robin over those still running. */
const anyWeb = () => {
  const alive = web.filter((p) => p.child.exitCode === null && p.child.signalCode === null);
  next += 1;
  return (alive[next % alive.length] as AppProcess).url;
};

/** How many signed-in requests `base` answered from its session cache so far. */
async function sessionsFromCache(base: string): Promise<number> {
  const res = await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${SCRAPER}` } });
  const line = (await res.text()).match(/^twinclean_session_reads_total\{source="cache"\} (\d+)/m);
  return Number(line?.[1] ?? Number.NaN);
}

/** Milliseconds until every process in `bases` refuses `cookie` (its first refusal each). */
async function msUntilRefused(cookie: string, bases: string[], status = 401): Promise<number> {
  const started = performance.now();
  const path = status === 401 ? '/api/auth/user' : '/api/provider/jobs';
  await Promise.all(
    bases.map(async (base) => {
      while ((await fetch(`${base}${path}`, { headers: { cookie } })).status !== status) {
        if (performance.now() - started > 5_000) throw new Error(`${base} kept the session`);
      }
    }),
  );
  return performance.now() - started;
}

/** A browser: one cookie jar, any process; each its own address for the login rate limit. */
let browsers = 0;
async function signedIn(email: string, via = anyWeb()) {
  browsers += 1;
  return browserSession(via, email, `203.0.113.${browsers}`);
}

beforeAll(async () => {
  await seedDemoData(db.knex);
  s3 = await startS3StandIn();
  const env = { DATABASE_URL: db.url, TRUST_PROXY: 'true', ...s3StandInEnv(s3) };
  // Started together, as a deploy does: migrations and secrets must sort themselves out.
  [worker, ...web] = await Promise.all([
    startAppProcess('worker', { ...env, CRON_CHECK_SECONDS: '1', METRICS_TOKEN: SCRAPER }),
    startAppProcess('web', { ...env, METRICS_TOKEN: SCRAPER }),
    startAppProcess('web', { ...env, METRICS_TOKEN: SCRAPER }),
    startAppProcess('web', { ...env, METRICS_TOKEN: SCRAPER }),
  ]);
}, 120_000);

afterAll(async () => {
  const codes = await Promise.all([worker, ...web].filter(Boolean).map(stopAppProcess));
  await s3?.close();
  // Every process stopped cleanly on SIGTERM (web-kill.test.ts kills processes mid-request).
  expect(codes).toEqual(codes.map(() => 0));
}, 60_000);

describe('three web processes and a worker on one database', () => {
  it("answers a worker's health and nothing else over its HTTP", async () => {
    expect((await fetch(`${worker.url}/api/health/ready`)).status).toBe(200);
    expect((await fetch(`${worker.url}/api/health/live`)).status).toBe(200);
    const metrics = await fetch(`${worker.url}/metrics`, {
      headers: { Authorization: `Bearer ${SCRAPER}` },
    });
    expect(await metrics.text()).toContain('twinclean_db_pool_connections');
    expect((await fetch(`${worker.url}/metrics`)).status).toBe(401);
    const other = await fetch(`${worker.url}/api/auth/options`);
    expect(other.status).toBe(404);
    expect(await other.json()).toMatchObject({ code: 'not_found' });
  });

  it('keeps a session made on one process on the others, and a logout on one ends it on all within 100 ms', async () => {
    const [a, b, c] = web.map((p) => p.url) as [string, string, string];
    const { call, jar } = await signedIn(demoAccounts.client.email, a);
    const cookie = jar.header();
    const cachedBefore = await sessionsFromCache(a);
    // Twice on each process: the second answer comes from that process's session cache.
    for (const base of [a, b, c, a, b, c]) {
      const me = await call(base, '/api/auth/user');
      expect(me.status).toBe(200);
      expect(await me.json()).toMatchObject({ email: demoAccounts.client.email });
    }
    expect(await sessionsFromCache(a)).toBeGreaterThan(cachedBefore);
    expect((await call(c, '/api/logout')).status).toBe(302);
    // The cookie the browser had, replayed to the other two: the session is gone everywhere.
    expect(await msUntilRefused(cookie, [a, b])).toBeLessThan(100);
  });

  it('ends a cached session on every process within 100 ms of a deactivation or a new role', async () => {
    const [a, b, c] = web.map((p) => p.url) as [string, string, string];
    const owner = await signedIn(demoAccounts.owner.email, a);
    const deactivated = await newUser(db.knex, 'provider');
    const demoted = await newUser(db.knex, 'provider');
    const sessions = await Promise.all(
      [deactivated, demoted].map(async ({ email }) => {
        const { call, jar } = await signedIn(email, b);
        for (const base of [a, b, c, a, b, c]) {
          expect((await call(base, '/api/provider/jobs')).status).toBe(200);
        }
        return jar.header();
      }),
    );
    const [deactivatedCookie, demotedCookie] = sessions as [string, string];

    const res = await owner.call(c, `/api/admin/users/${deactivated.id}/deactivate`, {
      method: 'POST',
    });
    expect(res.status).toBe(200);
    expect(await msUntilRefused(deactivatedCookie, [a, b], 401)).toBeLessThan(100);

    // A role changed by another program on the database (an operator's script), not by a web
    // process: the provider's cached session is a client's on every process at once.
    await db.knex('users').where({ id: demoted.id }).update({ role: 'client' });
    expect(await msUntilRefused(demotedCookie, [a, b, c], 403)).toBeLessThan(100);
  });

  it("gives exactly one winner among 10 providers' 50 concurrent accepts spread over the three", async () => {
    const job = await openJob(db.knex, 3);
    const providers = await Promise.all(
      Array.from({ length: 10 }, async () => signedIn((await newUser(db.knex, 'provider')).email)),
    );
    const answers = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const { call } = providers[i % providers.length] as (typeof providers)[number];
        const res = await call(web[i % 3]?.url as string, `/api/provider/job-board/${job}/accept`, {
          method: 'POST',
        });
        return res.status;
      }),
    );
    // One provider wins; their own five accepts all answer 200 (the job is theirs), the other
    // nine providers' 45 all 409.
    const winner = answers.indexOf(200) % providers.length;
    const byWinner = answers.filter((_, i) => i % providers.length === winner);
    const byOthers = answers.filter((_, i) => i % providers.length !== winner);
    expect(byWinner).toEqual([200, 200, 200, 200, 200]);
    expect(byOthers).toEqual(byOthers.map(() => 409));
    expect(byOthers).toHaveLength(45);
    const stored = await db.knex('bookings').where({ id: job }).first();
    expect(stored.providerId).not.toBeNull();
  });

  it('serves a photo uploaded through one process from another', async () => {
    const [a, b] = web.map((p) => p.url) as [string, string];
    const job = await insertAssignedJob(db.knex);
    await db.knex('bookings').where({ id: job }).update({ clockInAt: new Date() });
    const maria = await signedIn(demoAccounts.provider.email, a);
    const form = new FormData();
    form.append('photoType', 'before');
    form.append('photos', new Blob([PNG]), 'kitchen.png');
    form.append('photoIds', randomUUID());
    const upload = await maria.call(a, `/api/provider/bookings/${job}/photos`, {
      method: 'POST',
      body: form,
    });
    expect(upload.status).toBe(201);
    const { photos } = (await upload.json()) as { photos: { url: string }[] };
    const served = await maria.call(b, photos[0]?.url as string);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('runs the balance-request and renewal schedules once per tick, in the worker only', async () => {
    const ran = (p: AppProcess, queue: string) =>
      p.logs.filter((line) => line.msg === 'jobs ran' && line.queue === queue);
    // The cron ticks each minute; the worker checks every second (CRON_CHECK_SECONDS=1).
    await waitFor(
      async () => ran(worker, BALANCE_QUEUE).length > 0 && ran(worker, RENEWAL_QUEUE).length > 0,
      100_000,
    );
    for (const p of web) expect(p.logs.filter((line) => line.msg === 'jobs ran')).toEqual([]);
    for (const queue of [BALANCE_QUEUE, RENEWAL_QUEUE]) {
      const minutes = ran(worker, queue).map((line) => Math.floor(Number(line.time) / 60_000));
      const jobs = ran(worker, queue).reduce((sum, line) => sum + Number(line.jobs), 0);
      // One job per minute that ticked, however many processes share the schedule.
      expect(jobs).toBe(new Set(minutes).size);
    }
  }, 120_000);

  it('lets a stopping web process finish the request in flight, refuse new ones and exit 0', async () => {
    const stopping = web[1] as AppProcess;
    const job = await insertAssignedJob(db.knex);
    const maria = await signedIn(demoAccounts.provider.email, stopping.url);
    const holder = await db.knex.transaction();
    let inFlight: Promise<Response>;
    try {
      await holder('bookings').where({ id: job }).forUpdate().first();
      inFlight = maria.call(stopping.url, `/api/provider/clock-in/${job}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() },
        body: JSON.stringify(NEAR),
      });
      await waitFor(async () => {
        const { rows } = await db.knex.raw(
          "SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
        );
        return rows.length > 0;
      });
      stopping.child.kill('SIGTERM');
      await waitFor(() => stopping.logs.some((line) => line.msg === 'stopping'));
      // On a new connection (fetch might reuse a kept-alive one, which the drain still serves).
      await expect(newConnection(`${stopping.url}/api/health/live`)).rejects.toThrow();
    } finally {
      await holder.rollback();
    }
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(await stopping.exited).toBe(0);
  });
});

/** A GET on a connection of its own: whether the process still accepts connections. */
function newConnection(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
      .on('error', reject);
  });
}
