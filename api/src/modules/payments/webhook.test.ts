import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../db/seeds/seed';
import { apiRoutes } from '../../app';
import { bookingRow } from '../../test/fixtures';
import { signedInClient } from '../../test/people';
import { snapshot } from '../../test/route-world';
import { type StripeStandIn, startStripeStandIn } from '../../test/stripe-stand-in';
import { useTestDatabase } from '../../test/test-database';
import { testAppDeps, useTestServer } from '../../test/test-server';

const SECRET_KEY = 'sk_test_app';
const WEBHOOK_SECRET = 'whsec_app';
let standIn: StripeStandIn;
const stripe = () =>
  standIn.gateway({
    secretKey: SECRET_KEY,
    publishableKey: 'pk_test_app',
    webhookSecret: WEBHOOK_SECRET,
  });

// Before the server's own beforeAll, which builds the app on this gateway.
beforeAll(async () => {
  standIn = await startStripeStandIn(SECRET_KEY);
});
afterAll(() => standIn.close());
const db = useTestDatabase();
const api = useTestServer(db, () => ({ trustProxy: true, payments: stripe() }));

beforeAll(async () => {
  await seedDemoData(db.knex);
});

const deliver = (payload: string, signature: string) =>
  fetch(`${api.url}/api/payments/webhook`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
    body: payload,
  });

describe('with Stripe', () => {
  it('mounts the webhook instead of the test-card form', () => {
    const paths = apiRoutes(testAppDeps(db.knex, { payments: stripe() })).map((r) => r.path);
    expect(paths).toContain('/api/payments/webhook');
    expect(paths.some((p) => p.startsWith('/api/local-gateway'))).toBe(false);
  });

  it('lets the pages load Stripe’s script, frames and API, and nothing else from outside', async () => {
    const csp = (await fetch(`${api.url}/api/health`)).headers.get('content-security-policy');
    expect(csp).toContain("script-src 'self' https://js.stripe.com");
    expect(csp).toContain('frame-src https://js.stripe.com https://hooks.stripe.com');
    expect(csp).toContain("connect-src 'self' https://api.stripe.com");
  });

  it('answers 400 to a signed body that is not an event, and stores nothing', async () => {
    const before = await snapshot(db.knex);
    for (const payload of ['not json', '{"id":"evt_1","type":"payment_intent.succeeded"}']) {
      const signature = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: WEBHOOK_SECRET,
      });
      const answer = await deliver(payload, signature);
      expect(answer.status).toBe(400);
      expect(await answer.json()).toMatchObject({
        message: 'The webhook body is not a Stripe event.',
      });
    }
    expect(await snapshot(db.knex)).toBe(before);
  });

  it('records a payment a signed webhook reports, once however often it is delivered', async () => {
    const { id, call } = await signedInClient(db.knex, api.url);
    const [booking] = await db
      .knex('bookings')
      .insert(bookingRow(new Date(Date.now() + 72 * 3_600_000), { clientId: id }))
      .returning('id');
    const intent = await call('POST', `/api/bookings/${booking.id}/create-payment-intent`, {});
    expect(intent.json).toMatchObject({ gateway: 'stripe', publishableKey: 'pk_test_app' });
    standIn.succeed(intent.json.paymentIntentId, '1881');
    const payload = JSON.stringify(
      standIn.event('payment_intent.succeeded', intent.json.paymentIntentId),
    );

    const forged = await deliver(
      payload,
      Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' }),
    );
    expect(forged.status).toBe(400);
    expect((await db.knex('bookings').where({ id: booking.id }).first()).amountPaidCents).toBe(0);

    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    expect((await deliver(payload, signature)).status).toBe(200);
    const before = await snapshot(db.knex, { except: ['gateway_events'] });
    const asked = standIn.requests.length;
    expect((await deliver(payload, signature)).status).toBe(200);
    expect(await snapshot(db.knex, { except: ['gateway_events'] })).toBe(before);
    // Handled already: the redelivery is acknowledged without asking the gateway again.
    expect(standIn.requests.length).toBe(asked);
    const events = await db.knex('gatewayEvents').where({ type: 'payment_intent.succeeded' });
    expect(events).toHaveLength(1);
    expect(events[0].processedAt).toBeInstanceOf(Date);

    const payments = await db
      .knex('payments')
      .where({ bookingId: booking.id, status: 'succeeded' });
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ amountCents: 9000, cardLast4: '1881', gateway: 'stripe' });
    // The browser's report arrives after the webhook's: the same payment, nothing added.
    const late = await call('POST', `/api/bookings/${booking.id}/record-payment`, {
      paymentIntentId: intent.json.paymentIntentId,
    });
    expect(late.json).toMatchObject({
      message: 'Payment Successful',
      payment: { amount: '90.00' },
    });
    expect((await db.knex('bookings').where({ id: booking.id }).first()).amountPaidCents).toBe(
      9000,
    );
  });
});
