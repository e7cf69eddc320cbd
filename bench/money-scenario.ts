import { randomUUID } from 'node:crypto';
import { paymentIntentAnswerSchema } from '@twinclean/shared/payments';
import { createSubscriptionAnswerSchema } from '@twinclean/shared/subscriptions';
import type { Knex } from 'knex';
import { seedDemoData } from '../api/db/seeds/seed';
import { localGateway } from '../api/src/adapters/payments/local-gateway';
import { createKnex } from '../api/src/db/connection';
import { issuePayLink } from '../api/src/modules/payments/pay-links';
import { signedSessionCookie } from '../api/src/sessions/cookie';
import { bookingRow } from '../api/src/test/fixtures';
import {
  benchDatabase,
  ROUNDS,
  saveResult,
  startServerProcess,
  stopServerProcess,
} from './harness';

// Issue 26: fifty calls at once on each money route, as a busy Monday or a double-clicking
// crowd would send them, while a prober asks /api/health in a loop. Before the fix the handlers
// held a row lock and a pooled connection while the gateway waited for a second one, and the
// API froze for 60 s; the target now is every health answer under 100 ms.

const PORT = 3205;
const BASE = `http://127.0.0.1:${PORT}`;
const PARALLEL = 50;
const TARGET_MS = 100;
const SESSION_KEY = 'bench-session-key';
const card = { cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' };

type Answer = { status: number; json: Record<string, unknown> };
type Caller = (method: string, path: string, body?: unknown, ip?: string) => Promise<Answer>;

function caller(cookie?: string): Caller {
  return async (method, path, body, ip) => {
    const res = await fetch(`${BASE}${path}`, {
      method,
      headers: {
        'Content-Type': 'application/json',
        ...(cookie && { cookie }),
        ...(ip && { 'X-Forwarded-For': ip }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  };
}

/** A user with a session, and a caller that carries it. */
async function person(knex: Knex, role: 'client' | 'admin_owner'): Promise<[string, Caller]> {
  const [user] = await knex('users')
    .insert({
      email: `bench-${role}-${randomUUID().slice(0, 8)}@example.com`,
      firstName: 'Bench',
      lastName: 'Person',
      role,
      emailVerifiedAt: new Date(),
    })
    .returning('id');
  const sessionId = randomUUID();
  await knex('sessions').insert({
    id: sessionId,
    userId: user.id,
    data: { userId: user.id },
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  return [user.id, caller(signedSessionCookie(sessionId, SESSION_KEY))];
}

async function booking(knex: Knex, clientId: string): Promise<string> {
  const [row] = await knex('bookings')
    .insert(bookingRow(new Date(Date.now() + 72 * 3_600_000), { clientId }))
    .returning('id');
  return row.id;
}

/** Each route's round: set-up (not timed), then the PARALLEL calls the round times. */
type Route = { label: string; prepare: () => Promise<(i: number) => Promise<Answer>> };

function routes(knex: Knex): Route[] {
  const gateway = localGateway(knex);
  const guest = caller();
  const intentFor = async (call: Caller, id: string) =>
    paymentIntentAnswerSchema.parse(
      (await call('POST', `/api/bookings/${id}/create-payment-intent`, {})).json,
    );
  return [
    {
      label: 'create-payment-intent (client)',
      prepare: async () => {
        const [id, call] = await person(knex, 'client');
        const mine = await booking(knex, id);
        return () => call('POST', `/api/bookings/${mine}/create-payment-intent`, {});
      },
    },
    {
      label: 'create-payment-intent (pay link)',
      prepare: async () => {
        const [id] = await person(knex, 'client');
        const link = await knex.transaction(async (trx) =>
          issuePayLink(trx, await booking(trx, id), 'full'),
        );
        return (i) => guest('POST', `/api${link}/create-payment-intent`, {}, `203.0.113.${i + 1}`);
      },
    },
    {
      label: 'record-payment (client)',
      prepare: async () => {
        const [id, call] = await person(knex, 'client');
        const mine = await booking(knex, id);
        const intent = await intentFor(call, mine);
        await gateway.confirm(intent.paymentIntentId, {
          ...card,
          clientSecret: intent.clientSecret,
        });
        const body = { paymentIntentId: intent.paymentIntentId };
        return () => call('POST', `/api/bookings/${mine}/record-payment`, body);
      },
    },
    {
      label: 'refund, one request 50 times (owner)',
      prepare: async () => {
        const [id, call] = await person(knex, 'client');
        const [, owner] = await person(knex, 'admin_owner');
        const mine = await booking(knex, id);
        const intent = await intentFor(call, mine);
        await guest('POST', `/api/local-gateway/intents/${intent.paymentIntentId}/confirm`, {
          ...card,
          clientSecret: intent.clientSecret,
        });
        const payment = await knex('payments').where({ bookingId: mine }).first();
        const body = { amount: '5.00', reason: 'Goodwill', requestId: randomUUID() };
        return () => owner('POST', `/api/admin/payments/${payment.id}/refund`, body);
      },
    },
    {
      label: 'create-subscription (client)',
      prepare: async () => {
        const [, call] = await person(knex, 'client');
        return () => call('POST', '/api/create-subscription', { subscriptionType: 'standard' });
      },
    },
    {
      label: 'cancel membership with fee (client)',
      prepare: async () => {
        const [, call] = await person(knex, 'client');
        const created = createSubscriptionAnswerSchema.parse(
          (await call('POST', '/api/create-subscription', { subscriptionType: 'standard' })).json,
        );
        await guest('POST', `/api/local-gateway/intents/${created.paymentIntentId}/confirm`, {
          ...card,
          clientSecret: created.clientSecret,
        });
        return () => call('POST', `/api/subscriptions/${created.subscriptionId}/cancel`);
      },
    },
  ];
}

/** One round: the calls at once, with /api/health asked in a loop meanwhile. */
async function burst(calls: (i: number) => Promise<Answer>) {
  let running = true;
  const health: number[] = [];
  const prober = (async () => {
    while (running) {
      const started = performance.now();
      const res = await fetch(`${BASE}/api/health`);
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`/api/health answered ${res.status}`);
      health.push(performance.now() - started);
    }
  })();
  const started = performance.now();
  const answers = await Promise.all(Array.from({ length: PARALLEL }, (_, i) => calls(i)));
  const wallMs = performance.now() - started;
  running = false;
  await prober;
  return { answers, wallMs, health };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
};
const round1 = (ms: number) => Math.round(ms * 10) / 10;

export async function moneyScenario(): Promise<void> {
  const db = await benchDatabase('twinclean_bench_money');
  const knex = createKnex(db.url);
  const rows: Record<string, unknown>[] = [];
  try {
    await knex.migrate.latest();
    await seedDemoData(knex);
    const app = await startServerProcess('bench/servers/api.ts', {
      DATABASE_URL: db.url,
      PORT: String(PORT),
      TRUST_PROXY: 'true',
    });
    try {
      // A first burst compiles the handlers (JIT) and fills the pool; it is not measured.
      await burst(await (routes(knex)[0] as Route).prepare());
      for (const route of routes(knex)) {
        const walls: number[] = [];
        const health: number[] = [];
        const statuses: Record<number, number> = {};
        for (let round = 0; round < ROUNDS; round++) {
          const result = await burst(await route.prepare());
          walls.push(result.wallMs);
          health.push(...result.health);
          for (const a of result.answers) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
        }
        const slowest = Math.max(...health);
        rows.push({
          route: route.label,
          answers: Object.entries(statuses)
            .map(([status, n]) => `${n}×${status}`)
            .join(' '),
          burstMsMedian: round1(percentile(walls, 50)),
          healthChecks: health.length,
          healthP50Ms: round1(percentile(health, 50)),
          healthP99Ms: round1(percentile(health, 99)),
          healthMaxMs: round1(slowest),
          target: slowest < TARGET_MS ? 'met' : 'MISSED',
        });
      }
    } finally {
      await stopServerProcess(app);
    }
  } finally {
    await knex.destroy();
    await db.close();
  }
  console.log(
    `\nmoney: ${PARALLEL} calls at once on each route, ${ROUNDS} rounds, /api/health asked in a loop meanwhile; target: every health answer under ${TARGET_MS} ms`,
  );
  console.table(rows);
  console.log(`saved ${await saveResult('money', { parallel: PARALLEL, rounds: ROUNDS, rows })}`);
}
