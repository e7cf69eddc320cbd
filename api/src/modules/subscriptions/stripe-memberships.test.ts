import { createSubscriptionAnswerSchema } from '@twinclean/shared/subscriptions';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../db/seeds/seed';
import { paymentDepsOf } from '../../app';
import { memberLookups } from '../../test/members';
import { signedInClient } from '../../test/people';
import { type StripeStandIn, startStripeStandIn } from '../../test/stripe-stand-in';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';
import { cancelAtGateway, GATEWAY_CANCEL_QUEUE, type GatewayCancel } from './gateway-cancel';
import { renew } from './renewals';

// Memberships with Stripe (DECISIONS.md "Subscriptions": Stripe Subscriptions with Stripe): month
// 1 is the first invoice's intent, Stripe renews, and its signed webhooks are mirrored once.

const SECRET_KEY = 'sk_test_members';
const WEBHOOK_SECRET = 'whsec_members';
let standIn: StripeStandIn;
const stripe = () =>
  standIn.gateway({
    secretKey: SECRET_KEY,
    publishableKey: 'pk_test_members',
    webhookSecret: WEBHOOK_SECRET,
  });

beforeAll(async () => {
  standIn = await startStripeStandIn(SECRET_KEY);
});
afterAll(() => standIn.close());
const db = useTestDatabase();
const { membershipOf } = memberLookups(() => db.knex);
const api = useTestServer(db, () => ({ trustProxy: true, payments: stripe() }));

beforeAll(async () => {
  await seedDemoData(db.knex);
});

/** Delivers a webhook event about `object`, signed as Stripe signs it. */
async function deliver(type: string, object: unknown) {
  const payload = JSON.stringify(standIn.eventOf(type, object as never));
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  const res = await fetch(`${api.url}/api/payments/webhook`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
    body: payload,
  });
  expect(res.status).toBe(200);
}

const row = (id: string) => db.knex('subscriptions').where({ id }).first();

/** A client who paid month 1 at Stripe; the webhook (not the browser) reports it. */
async function stripeMember() {
  const client = await signedInClient(db.knex, api.url);
  const created = createSubscriptionAnswerSchema.parse(
    (await client.call('POST', '/api/create-subscription', { subscriptionType: 'standard' })).json,
  );
  expect(created).toMatchObject({ gateway: 'stripe', status: 'incomplete', amount: '99.99' });
  const { gatewaySubscriptionId } = await row(created.subscriptionId);
  standIn.succeed(created.paymentIntentId as string, '4242');
  await deliver('invoice.paid', standIn.latestInvoice(gatewaySubscriptionId));
  return {
    ...client,
    id: client.id,
    sub: created.subscriptionId,
    stripeSub: gatewaySubscriptionId,
  };
}

describe('memberships with Stripe Billing', () => {
  it('month 1 is the first invoice: paying it activates the membership and saves the card', async () => {
    const m = await stripeMember();
    expect(m.stripeSub).toMatch(/^sub_/);
    expect(await row(m.sub)).toMatchObject({ status: 'active', paidMonths: 1, nextChargeAt: null });
    expect(await membershipOf(m.id)).toBe('standard');
    expect(await db.knex('paymentMethods').where({ userId: m.id })).toMatchObject([
      { gateway: 'stripe', last4: '4242', isDefault: true },
    ]);
    // The browser's report after the webhook's: the same payment, nothing added.
    const pending = await db.knex('payments').where({ subscriptionId: m.sub });
    const late = await m.call('POST', `/api/subscriptions/${m.sub}/record-payment`, {
      paymentIntentId: pending[0].gatewayPaymentId,
    });
    expect(late.json).toMatchObject({ message: 'Subscription Activated!' });
    expect(await db.knex('payments').where({ subscriptionId: m.sub })).toHaveLength(1);
    // Stripe renews it: our own renewal job leaves it alone.
    expect(
      await renew(paymentDepsOf(api.deps), m.sub, new Date(Date.now() + 90 * 86_400_000)),
    ).toBeNull();
  });

  it('records each renewal invoice once, and mirrors a failure, the retries and the end', async () => {
    const m = await stripeMember();
    const paid = standIn.renew(m.stripeSub);
    await deliver('invoice.paid', paid);
    await deliver('invoice.paid', paid);
    expect(await row(m.sub)).toMatchObject({ status: 'active', paidMonths: 2 });
    expect(
      await db.knex('payments').where({ subscriptionId: m.sub, status: 'succeeded' }),
    ).toHaveLength(2);

    const failed = standIn.renew(m.stripeSub, { fail: true }) as { id: string };
    await deliver('invoice.payment_failed', failed);
    const pastDue = await row(m.sub);
    expect(pastDue).toMatchObject({ status: 'past_due', failedAttempts: 1, paidMonths: 2 });
    expect(pastDue.nextChargeAt).toBeInstanceOf(Date);
    expect(await membershipOf(m.id)).toBe('standard');
    expect(
      await db
        .knex('outboundEmails')
        .where({ toAddress: m.email, template: 'subscription_renewal_failed' }),
    ).toHaveLength(1);

    const last = standIn.retryInvoice(failed.id, { fail: true, last: true });
    await deliver('invoice.payment_failed', last);
    await deliver('customer.subscription.deleted', standIn.subscription(m.stripeSub));
    expect(await row(m.sub)).toMatchObject({ status: 'canceled' });
    expect(await membershipOf(m.id)).toBe('none');
  });

  it('canceling inside the minimum term charges the fee to the saved card, then ends it at Stripe', async () => {
    const m = await stripeMember();
    const canceled = await m.call('POST', `/api/subscriptions/${m.sub}/cancel`);
    expect(canceled.status).toBe(200);
    expect(
      await db.knex('payments').where({ subscriptionId: m.sub, kind: 'early_cancel_fee' }),
    ).toMatchObject([{ amountCents: 10000, status: 'succeeded', gateway: 'stripe' }]);
    expect(standIn.subscription(m.stripeSub)).toMatchObject({ status: 'canceled' });
    // Stripe's own word that it ended changes nothing more.
    await deliver('customer.subscription.deleted', standIn.subscription(m.stripeSub));
    expect(
      await db
        .knex('outboundEmails')
        .where({ toAddress: m.email, template: 'subscription_canceled' }),
    ).toHaveLength(1);
  });

  it('a cancel Stripe does not take at once is recorded and answered, then told to Stripe by the queue', async () => {
    const m = await stripeMember();
    standIn.setOutage(
      (method, path) => method === 'DELETE' && path === `/v1/subscriptions/${m.stripeSub}`,
    );
    const canceled = await m.call('POST', `/api/subscriptions/${m.sub}/cancel`);
    standIn.setOutage(null);
    expect(canceled).toMatchObject({ status: 200, json: { message: 'Subscription Canceled' } });
    expect(await row(m.sub)).toMatchObject({ status: 'canceled', cancelFeeCents: 10000 });
    expect(standIn.subscription(m.stripeSub)).toMatchObject({ status: 'active' });
    // The recording transaction queued Stripe's copy; the worker runs it, once Stripe answers.
    const deps = paymentDepsOf(api.deps);
    const [order] = await deps.jobs.waiting(GATEWAY_CANCEL_QUEUE, {
      gatewaySubscriptionId: m.stripeSub,
    });
    expect(order).toEqual({ gatewaySubscriptionId: m.stripeSub, immediate: true });
    await cancelAtGateway(deps, order as GatewayCancel);
    expect(standIn.subscription(m.stripeSub)).toMatchObject({ status: 'canceled' });
    // Stripe's word that it ended, and the queue's copy run again, change nothing more.
    await deliver('customer.subscription.deleted', standIn.subscription(m.stripeSub));
    await cancelAtGateway(deps, order as GatewayCancel);
    expect(
      await db
        .knex('outboundEmails')
        .where({ toAddress: m.email, template: 'subscription_canceled' }),
    ).toHaveLength(1);
  });

  it("after the minimum term it ends at the period's end; changing the card follows at Stripe", async () => {
    const m = await stripeMember();
    for (let month = 0; month < 2; month += 1)
      await deliver('invoice.paid', standIn.renew(m.stripeSub));
    expect(await row(m.sub)).toMatchObject({ paidMonths: 3 });
    const [card] = await db.knex('paymentMethods').where({ userId: m.id });
    await m.call('PATCH', `/api/payment-methods/${card.id}/default`);
    expect(
      standIn.requests.some(
        (r) =>
          r.path === `/v1/subscriptions/${m.stripeSub}` &&
          r.params.default_payment_method === card.gatewayPaymentMethodId,
      ),
    ).toBe(true);
    const canceled = await m.call('POST', `/api/subscriptions/${m.sub}/cancel`);
    expect(canceled.json.subscription).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    expect(standIn.subscription(m.stripeSub)).toMatchObject({ cancel_at_period_end: true });
    expect(
      await db.knex('payments').where({ subscriptionId: m.sub, kind: 'early_cancel_fee' }),
    ).toEqual([]);
    await deliver('customer.subscription.deleted', {
      ...(standIn.subscription(m.stripeSub) as object),
      status: 'canceled',
    });
    expect(await row(m.sub)).toMatchObject({ status: 'canceled' });
    expect(await membershipOf(m.id)).toBe('none');
  });
});
