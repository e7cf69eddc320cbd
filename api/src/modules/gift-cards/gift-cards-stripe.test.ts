import { giftCardPurchaseAnswerSchema } from '@twinclean/shared/gift-cards';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../db/seeds/seed';
import { mailsTo, post, purchaseForm } from '../../test/gift-card-kit';
import { snapshot } from '../../test/route-world';
import { signedInJson } from '../../test/sign-in';
import { type StripeStandIn, startStripeStandIn } from '../../test/stripe-stand-in';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';
import { reconcileMoney } from '../payments/reconcile';

const SECRET_KEY = 'sk_test_gift_cards';
const WEBHOOK_SECRET = 'whsec_gift_cards';
let standIn: StripeStandIn;

// Before the server's own beforeAll, which builds the app on this gateway.
beforeAll(async () => {
  standIn = await startStripeStandIn(SECRET_KEY);
});
afterAll(() => standIn.close());
const db = useTestDatabase();
const api = useTestServer(db, () => ({
  trustProxy: true,
  payments: standIn.gateway({
    secretKey: SECRET_KEY,
    publishableKey: 'pk_test_gift_cards',
    webhookSecret: WEBHOOK_SECRET,
  }),
}));
beforeAll(() => seedDemoData(db.knex));

/** Stripe's signed webhook delivery of `event`. */
const deliver = (event: unknown) => {
  const payload = JSON.stringify(event);
  return fetch(`${api.url}/api/payments/webhook`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'Stripe-Signature': Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: WEBHOOK_SECRET,
      }),
    },
    body: payload,
  });
};

describe('gift cards on Stripe', () => {
  it('records a card once across the webhook, its redelivery and the browser, refunds it and reconciles', async () => {
    // Stripe keeps whole seconds.
    const from = new Date(Date.now() - 1_000);
    const form = purchaseForm({ amount: '80' });
    const bought = await post(api.url, '/api/gift-cards', form);
    const intent = giftCardPurchaseAnswerSchema.parse(bought.json);
    expect(intent).toMatchObject({ gateway: 'stripe', publishableKey: 'pk_test_gift_cards' });
    const created = standIn.requests.find(
      (r) => r.method === 'POST' && r.path === '/v1/payment_intents' && r.params.amount === '8000',
    );
    expect(created?.params).toMatchObject({ 'metadata[giftCardId]': intent.giftCardId });

    standIn.succeed(intent.paymentIntentId, '4242');
    const event = standIn.event('payment_intent.succeeded', intent.paymentIntentId);
    expect((await deliver(event)).status).toBe(200);
    const card = () => db.knex('giftCards').where({ id: intent.giftCardId }).first();
    expect(await card()).toMatchObject({ status: 'paid' });
    const settled = await snapshot(db.knex, { except: ['gateway_events'] });
    expect((await deliver(event)).status).toBe(200);
    const reported = await post(api.url, `/api/gift-cards/${intent.giftCardId}/paid`, intent);
    expect(reported).toMatchObject({ status: 200, json: { message: 'Gift card purchased' } });
    expect(await snapshot(db.knex, { except: ['gateway_events'] })).toBe(settled);
    expect(await mailsTo(db.knex, form.purchaserEmail)).toHaveLength(1);
    expect(await mailsTo(db.knex, form.recipientEmail)).toHaveLength(1);

    const owner = await signedInJson(api.url, 'owner@example.com');
    const refund = await owner('POST', `/api/admin/gift-cards/${intent.giftCardId}/refund`);
    expect(refund.status).toBe(200);
    const refunds = standIn.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]?.params).toMatchObject({
      payment_intent: intent.paymentIntentId,
      amount: '8000',
    });
    expect((await card()).gatewayRefundId).toMatch(/^re_/);

    const result = await reconcileMoney(
      { db: db.knex, gateway: api.deps.payments },
      { from, to: new Date(Date.now() + 1_000) },
    );
    expect(result.differences).toEqual([]);
    expect(result.checked).toEqual({ payments: 1, refunds: 1 });
  });
});
