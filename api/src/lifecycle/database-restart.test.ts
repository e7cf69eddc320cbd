import { randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { paymentIntentAnswerSchema } from '@twinclean/shared/payments';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../../db/seeds/demo-accounts';
import { localGateway } from '../adapters/payments/local-gateway';
import { createKnex } from '../db/connection';
import { type EmbeddedServer, startEmbeddedPostgres } from '../db/embedded';
import { reconcileMoney } from '../modules/payments/reconcile';
import { BALANCE_QUEUE } from '../modules/payments/workers';
import { RENEWAL_QUEUE } from '../modules/subscriptions/workers';
import {
  type AppProcess,
  someoneWaitsOnALock,
  startAppProcess,
  stopAppProcess,
  waitFor,
} from '../test/app-process';
import { bookingRow, PNG } from '../test/fixtures';
import { freePort } from '../test/free-port';
import { newUser } from '../test/people';
import { HOUR, insertAssignedJob, NEAR } from '../test/punch-fixtures';
import { signInAs } from '../test/sign-in';

// Issue 30: PostgreSQL stopped and started again (a failover, a restart for an upgrade) under a
// `web` and a `worker` process on a PostgreSQL of this file's own, while a phone's outbox drains
// and while a payment is recorded. Every answer is 2xx or a 503 with Retry-After, none waits
// past BOUND_MS, both processes come back by themselves, and nothing is applied twice.

const BOUND_MS = 15_000;
const DOWN_MS = 4_000;
/** What the app answers while its database is away: said plainly, with when to try again. */
const UNREACHABLE = 'The database is not reachable. Please try again.';
/** What the readiness check tells an orchestrator, which needs no Retry-After. */
const NOT_READY = 'The database is not reachable.';

let dataDir: string;
let pgPort: number;
let database: EmbeddedServer;
let db: Knex;
let web: AppProcess;
let worker: AppProcess;
let pids: number[];
let restartedAt = 0;

/** Every answer the app gave during this file, and every request that got none. */
type Answer = { what: string; status: number; retryAfter: string | null; message?: string };
const answers: Answer[] = [];
const unanswered: { what: string; error: string }[] = [];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const startDatabase = async () => {
  database = await startEmbeddedPostgres({ dataDir, port: pgPort, database: 'twinclean' });
};

/** One request, its answer recorded; undefined when none came within BOUND_MS. */
async function ask(what: string, send: (signal: AbortSignal) => Promise<Response>) {
  try {
    const res = await send(AbortSignal.timeout(BOUND_MS));
    const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    const message = res.ok ? undefined : String(json.message);
    answers.push({
      what,
      status: res.status,
      retryAfter: res.headers.get('Retry-After'),
      message,
    });
    return { status: res.status, json, retryAfter: res.headers.get('Retry-After') };
  } catch (error) {
    unanswered.push({ what, error: String(error) });
    return undefined;
  }
}

/**
 * As the phone's outbox sends (pwa/src/features/outbox/send.ts): the same request, with the same
 * Idempotency-Key, again after Retry-After on a 503 or 429, and after a pause on no answer.
 */
async function untilAnswered(what: string, send: (signal: AbortSignal) => Promise<Response>) {
  for (let attempt = 0; attempt < 60; attempt += 1) {
    const answer = await ask(what, send);
    if (answer && answer.status !== 503 && answer.status !== 429) return answer;
    await sleep(answer?.retryAfter ? Number(answer.retryAfter) * 1000 : 1000);
  }
  throw new Error(`${what}: still refused after 60 attempts`);
}

/**
 * Stops PostgreSQL (a fast shutdown: sessions are ended mid-query) while a request of the app
 * waits on `row`'s lock, which the test holds: `whileLocked` sends it once the lock is held (a
 * request sent before could finish first, and nobody would ever wait). Runs `whileDown`, checks
 * both processes say they are not ready, and starts it again on the same data and port.
 */
async function restartUnder(
  row: { table: string; id: string },
  hooks: { whileLocked?: () => void; whileDown?: () => void } = {},
) {
  const holder = await db.transaction();
  await holder(row.table).where({ id: row.id }).forUpdate().first();
  hooks.whileLocked?.();
  await waitFor(() => someoneWaitsOnALock(db, holder));
  await database.stop();
  await holder.rollback().catch(() => {});
  hooks.whileDown?.();
  for (const p of [web, worker]) {
    const ready = await ask('ready while down', (signal) =>
      fetch(`${p.url}/api/health/ready`, { signal }),
    );
    expect(ready?.status).toBe(503);
  }
  await sleep(DOWN_MS);
  await startDatabase();
  restartedAt = Date.now();
  for (const p of [web, worker]) {
    await waitFor(
      async () =>
        (await ask('ready', (signal) => fetch(`${p.url}/api/health/ready`, { signal })))?.status ===
        200,
    );
  }
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'twinclean-restart-pg-'));
  // As root, PostgreSQL runs as its own user and must be able to enter this directory.
  chmodSync(dataDir, 0o755);
  pgPort = await freePort();
  await startDatabase();
  const env = { DATABASE_URL: database.url, TRUST_PROXY: 'true' };
  // Each migrates and loads the demo data if it is first, as a deploy does.
  [worker, web] = await Promise.all([
    startAppProcess('worker', { ...env, CRON_CHECK_SECONDS: '1' }),
    startAppProcess('web', env),
  ]);
  pids = [worker.pid, web.pid];
  db = createKnex(database.url);
}, 180_000);

afterAll(async () => {
  const codes = await Promise.all([worker, web].filter(Boolean).map(stopAppProcess));
  await db?.destroy();
  await database?.stop();
  rmSync(dataDir, { recursive: true, force: true });
  expect(codes).toEqual(codes.map(() => 0));
}, 60_000);

describe('PostgreSQL restarted under a web and a worker process', () => {
  it("loses nothing and doubles nothing of a phone's outbox drained across the restart", async () => {
    const jobs = await Promise.all([1, 2, 3, 4].map(() => insertAssignedJob(db)));
    const maria = await signInAs(web.url, demoAccounts.provider.email);
    const punch = (kind: 'clock-in' | 'clock-out', job: string, body: object) => {
      const key = randomUUID();
      return (signal: AbortSignal) =>
        maria(`/api/provider/${kind}/${job}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
          body: JSON.stringify({ ...NEAR, ...body }),
          signal,
        });
    };
    const photo = (job: string) => {
      const key = randomUUID();
      return (signal: AbortSignal) => {
        const form = new FormData();
        form.append('photoType', 'before');
        form.append('photoIds', key);
        form.append('photos', new Blob([PNG], { type: 'image/png' }), 'kitchen.png');
        return maria(`/api/provider/bookings/${job}/photos`, {
          method: 'POST',
          headers: { 'Idempotency-Key': key },
          body: form,
          signal,
        });
      };
    };
    const inAt = new Date(Date.now() - 2 * HOUR).toISOString();
    const entriesOf = (job: string, i: number) => [
      { what: 'clock-in', send: punch('clock-in', job, { occurredAt: inAt, deviceSeq: 3 * i }) },
      { what: 'photo', send: photo(job) },
      { what: 'clock-out', send: punch('clock-out', job, { waitPay: 0, deviceSeq: 3 * i + 1 }) },
    ];
    type Entries = ReturnType<typeof entriesOf>;
    /** One job's entries in order, as the outbox sends them: the final status of each. */
    const drain = async (entries: Entries) => {
      const statuses: number[] = [];
      for (const entry of entries)
        statuses.push((await untilAnswered(entry.what, entry.send)).status);
      return statuses;
    };
    const outboxes = jobs.map(entriesOf);
    const [first, second, third, fourth] = outboxes as [Entries, Entries, Entries, Entries];
    // The fourth job clocked in, two jobs drain, the third one's clock-in is in flight when
    // PostgreSQL stops; the fourth job's photo and clock-out are first sent while it is down.
    const early = (async () => [
      ...(await drain(fourth.slice(0, 1))),
      ...(await drain(first)),
      ...(await drain(second)),
      ...(await drain(third)),
    ])();
    let late: Promise<number[]> = Promise.resolve([]);
    await restartUnder(
      { table: 'bookings', id: jobs[2] as string },
      {
        whileDown: () => {
          late = drain(fourth.slice(1));
        },
      },
    );
    expect([...(await early), ...(await late)]).toEqual([
      200, 200, 201, 200, 200, 201, 200, 200, 201, 200, 201, 200,
    ]);
    // The in-flight clock-in and the photo sent during the outage were each refused first.
    for (const what of ['clock-in', 'photo']) {
      expect(
        answers.some((a) => a.what === what && a.status === 503),
        what,
      ).toBe(true);
    }
    // Everything sent once more (a reload that lost which answers came): the same, applied once.
    expect(await drain(outboxes.flat())).toEqual(jobs.flatMap(() => [200, 201, 200]));
    for (const job of jobs) {
      const events = await db('providerEvents').where({ bookingId: job }).orderBy('deviceSeq');
      expect(events.map((e) => e.type)).toEqual(['clock_in', 'clock_out']);
      expect(await db('photos').where({ bookingId: job })).toHaveLength(1);
    }
  }, 120_000);

  it('records a payment reported across the restart once, with one receipt', async () => {
    const client = await newUser(db, 'client');
    const [booking] = await db('bookings')
      .insert(
        bookingRow(new Date(Date.now() + 72 * HOUR), {
          clientId: client.id,
          clientEmail: client.email,
        }),
      )
      .returning(['id', 'totalAmountCents']);
    const cora = await signInAs(web.url, client.email);
    const post = (path: string, body: object) => (signal: AbortSignal) =>
      cora(path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        signal,
      });
    const created = await untilAnswered(
      'intent',
      post(`/api/bookings/${booking.id}/create-payment-intent`, {}),
    );
    const intent = paymentIntentAnswerSchema.parse(created.json);
    // Paid at the gateway; the browser reports it as PostgreSQL goes away under the report.
    await localGateway(db).confirm(intent.paymentIntentId, {
      cardNumber: '4242424242424242',
      expiry: '12/40',
      cvc: '123',
      clientSecret: intent.clientSecret,
    });
    const report = { paymentIntentId: intent.paymentIntentId, amountPaid: '1.00' };
    let recorded: ReturnType<typeof untilAnswered> | undefined;
    await restartUnder(
      { table: 'bookings', id: booking.id },
      {
        whileLocked: () => {
          recorded = untilAnswered(
            'record-payment',
            post(`/api/bookings/${booking.id}/record-payment`, report),
          );
        },
      },
    );
    expect(await recorded).toMatchObject({ status: 200, json: { message: 'Payment Successful' } });
    // Reported again (a reload): the same answer, nothing more.
    expect(
      await untilAnswered(
        'record-payment',
        post(`/api/bookings/${booking.id}/record-payment`, report),
      ),
    ).toMatchObject({ status: 200 });
    expect(await db('payments').where({ bookingId: booking.id })).toMatchObject([
      { status: 'succeeded' },
    ]);
    const paid = await db('bookings').where({ id: booking.id }).first();
    expect(paid.amountPaidCents).toBe(booking.totalAmountCents);
    await waitFor(
      async () =>
        (await db('outboundEmails').where({ toAddress: client.email, template: 'payment_receipt' }))
          .length > 0,
    );
    expect(
      await db('outboundEmails').where({ toAddress: client.email, template: 'payment_receipt' }),
    ).toHaveLength(1);
    const period = { from: new Date(Date.now() - HOUR), to: new Date(Date.now() + HOUR) };
    const ledger = await reconcileMoney({ db, gateway: localGateway(db) }, period);
    expect(ledger.differences).toEqual([]);
  }, 120_000);

  it('answered only documented statuses, within the bound, from the same two processes', async () => {
    expect(unanswered).toEqual([]);
    const documented = (a: Answer) =>
      (a.status >= 200 && a.status < 300) ||
      (a.status === 503 && a.what.startsWith('ready')
        ? a.message === NOT_READY
        : a.status === 503 && a.retryAfter !== null && a.message === UNREACHABLE);
    const undocumented = answers.filter((a) => !documented(a));
    expect(undocumented).toEqual([]);
    expect([worker.pid, web.pid]).toEqual(pids);
    for (const p of [worker, web]) expect(p.child.exitCode).toBeNull();
  });

  it("keeps running the worker's schedules after the restart", async () => {
    // The first cron tick (each minute) after PostgreSQL came back, not a job left from before.
    const tick = Math.ceil(restartedAt / 60_000) * 60_000;
    const ran = (queue: string) =>
      worker.logs.some(
        (line) => line.msg === 'jobs ran' && line.queue === queue && Number(line.time) >= tick,
      );
    await waitFor(() => ran(BALANCE_QUEUE) && ran(RENEWAL_QUEUE), 100_000);
  }, 120_000);
});
