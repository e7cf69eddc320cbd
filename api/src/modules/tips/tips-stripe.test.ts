import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../db/seeds/seed';
import { newUser, signedInClient } from '../../test/people';
import { snapshot } from '../../test/route-world';
import { signedInJson } from '../../test/sign-in';
import { type StripeStandIn, startStripeStandIn } from '../../test/stripe-stand-in';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';
import { finishedVisit } from '../../test/tips-world';
import { reconcileMoney } from '../payments/reconcile';
import { reportTokens } from '../visit-report/tokens';

const SECRET_KEY = 'sk_test_tips';
const WEBHOOK_SECRET = 'whsec_tips';
let standIn: StripeStandIn;
const stripe = () =>
  standIn.gateway({
    secretKey: SECRET_KEY,
    publishableKey: 'pk_test_tips',
    webhookSecret: WEBHOOK_SECRET,
  });

// Before the server's own beforeAll, which builds the app on this gateway.
beforeAll(async () => {
  standIn = await startStripeStandIn(SECRET_KEY);
});
afterAll(() => standIn.close());
const db = useTestDatabase();
const api = useTestServer(db, () => ({ trustProxy: true, payments: stripe() }));

let provider: { id: string; email: string };
beforeAll(async () => {
  await seedDemoData(db.knex);
  provider = await newUser(db.knex, 'provider', { firstName: 'Pia' });
});

/** Stripe's webhook delivery of `event`, signed with `secret`. */
const deliver = (event: unknown, secret = WEBHOOK_SECRET) => {
  const payload = JSON.stringify(event);
  return fetch(`${api.url}/api/payments/webhook`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'Stripe-Signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }),
    },
    body: payload,
  });
};
const tipCentsOf = async (bookingId: string) =>
  (await db.knex('payouts').where({ bookingId }).first()).tipCents as number;

describe('tips on Stripe', () => {
  it('records a tip once across the webhook, its redelivery and the browser, then refunds it and reconciles', async () => {
    const from = new Date();
    const client = await signedInClient(db.knex, api.url);
    const visit = await finishedVisit(db.knex, { clientId: client.id, providerId: provider.id });
    const booking = await db.knex('bookings').where({ id: visit }).first();
    const intent = await client.call('POST', `/api/bookings/${visit}/tips`, { percent: 15 });
    expect(intent.json).toMatchObject({
      gateway: 'stripe',
      publishableKey: 'pk_test_tips',
      amount: '20.25',
    });
    const created = standIn.requests.find(
      (r) => r.method === 'POST' && r.path === '/v1/payment_intents' && r.params.amount === '2025',
    );
    expect(created?.params).toMatchObject({
      'metadata[purpose]': 'tip',
      'metadata[bookingId]': visit,
      'metadata[providerId]': provider.id,
    });
    const id = intent.json.paymentIntentId as string;
    standIn.succeed(id, '4242');
    const event = standIn.event('payment_intent.succeeded', id);

    expect((await deliver(event, 'whsec_someone_else')).status).toBe(400);
    expect(await tipCentsOf(visit)).toBe(0);
    expect((await deliver(event)).status).toBe(200);
    expect(await tipCentsOf(visit)).toBe(2025);
    const settled = await snapshot(db.knex, { except: ['gateway_events'] });
    expect((await deliver(event)).status).toBe(200);
    const late = await client.call('POST', `/api/bookings/${visit}/tips/record`, {
      paymentIntentId: id,
    });
    expect(late.json).toMatchObject({
      message: 'Thank you! Your tip goes to Pia in full.',
      tip: { amount: '20.25' },
    });
    expect(await snapshot(db.knex, { except: ['gateway_events'] })).toBe(settled);
    const rows = await db.knex('payments').where({ bookingId: visit });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'tip', status: 'succeeded', cardLast4: '4242' });
    expect(await tipCentsOf(visit)).toBe(2025);
    expect(
      await db
        .knex('outboundEmails')
        .where({ template: 'tip_received', toAddress: provider.email }),
    ).toHaveLength(1);

    const owner = await signedInJson(api.url, 'owner@example.com');
    const refund = await owner('POST', `/api/admin/payments/${rows[0].id}/refund`, {
      amount: '5.25',
      reason: 'Charged by mistake',
      requestId: randomUUID(),
    });
    expect(refund.status).toBe(200);
    expect(await tipCentsOf(visit)).toBe(1500);
    const after = await db.knex('bookings').where({ id: visit }).first();
    for (const field of [
      'amountPaidCents',
      'totalAmountCents',
      'depositAmountCents',
      'goodwillRefundCents',
    ]) {
      expect(after[field], field).toBe(booking[field]);
    }

    const result = await reconcileMoney(
      { db: db.knex, gateway: api.deps.payments },
      { from, to: new Date(Date.now() + 1_000) },
    );
    expect(result.differences).toEqual([]);
    expect(result.checked).toEqual({ payments: 1, refunds: 1 });
  });

  it('takes a tip from the report link and records what the browser reports, once', async () => {
    const visit = await finishedVisit(db.knex, { clientId: null, providerId: provider.id });
    const token = (await reportTokens(db.knex))(visit);
    const call = async (path: string, body: unknown) => {
      const res = await fetch(`${api.url}/api/visit-reports/${token}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      // biome-ignore lint/suspicious/noExplicitAny: read loosely, asserted below
      return { status: res.status, json: (await res.json()) as any };
    };
    const intent = await call('/tips', { amount: '8' });
    expect(intent.json).toMatchObject({ gateway: 'stripe', amount: '8.00' });
    const id = intent.json.paymentIntentId as string;
    const early = await call('/tips/record', { paymentIntentId: id });
    expect(early.status).toBe(402);
    standIn.succeed(id, '1881');
    const answers = await Promise.all([
      call('/tips/record', { paymentIntentId: id }),
      call('/tips/record', { paymentIntentId: id }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(await tipCentsOf(visit)).toBe(800);
    expect(await db.knex('payments').where({ bookingId: visit, status: 'succeeded' })).toHaveLength(
      1,
    );
  });
});
