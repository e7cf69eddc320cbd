import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StripeStandIn, startStripeStandIn } from '../../test/stripe-stand-in';
import { WebhookSignatureError } from './gateway';
import type { StripeGateway } from './stripe-gateway';

const SECRET_KEY = 'sk_test_stand_in';
const WEBHOOK_SECRET = 'whsec_stand_in';

let standIn: StripeStandIn;
let gateway: StripeGateway;
const connect = (secretKey: string, webhookSecret = WEBHOOK_SECRET) =>
  standIn.gateway({ secretKey, publishableKey: 'pk_test_stand_in', webhookSecret });

beforeAll(async () => {
  standIn = await startStripeStandIn(SECRET_KEY);
  gateway = connect(SECRET_KEY);
});
afterAll(() => standIn.close());

const newIntent = (amountCents = 10_000, idempotencyKey: string = randomUUID()) =>
  gateway.createIntent({
    amountCents,
    description: 'House cleaning, deposit',
    metadata: { bookingId: 'b-1', option: 'deposit' },
    idempotencyKey,
  });

const paid = async (amountCents = 10_000) => {
  const intent = await newIntent(amountCents);
  standIn.succeed(intent.id, '4242');
  return intent;
};

const refund = (paymentIntentId: string, amountCents: number, idempotencyKey = randomUUID()) =>
  gateway.refund({ paymentIntentId, amountCents, idempotencyKey });

describe('the Stripe gateway', () => {
  it('names itself and gives the browser the publishable key', () => {
    expect(gateway).toMatchObject({ name: 'stripe', publishableKey: 'pk_test_stand_in' });
  });

  it('creates a USD intent for the Payment Element, once per idempotency key', async () => {
    const key = randomUUID();
    const intent = await newIntent(12_345, key);
    expect(intent).toEqual({
      id: expect.stringMatching(/^pi_/),
      clientSecret: expect.stringMatching(new RegExp(`^${intent.id}_secret_`)),
      status: 'requires_payment_method',
      amountCents: 12_345,
      currency: 'usd',
      metadata: { bookingId: 'b-1', option: 'deposit' },
      cardLast4: null,
      failureMessage: null,
      paymentMethod: null,
    });
    expect(standIn.requests.at(-1)).toEqual({
      method: 'POST',
      path: '/v1/payment_intents',
      params: {
        amount: '12345',
        currency: 'usd',
        description: 'House cleaning, deposit',
        'metadata[bookingId]': 'b-1',
        'metadata[option]': 'deposit',
        'automatic_payment_methods[enabled]': 'true',
        'automatic_payment_methods[allow_redirects]': 'never',
      },
      idempotencyKey: key,
    });

    expect(await newIntent(12_345, key)).toEqual(intent);
    await expect(newIntent(99_999, key)).rejects.toMatchObject({
      status: 409,
      code: 'idempotency_key_reused',
    });
  });

  it('reads a paid intent with the card that paid, from the expanded latest charge', async () => {
    const intent = await paid(5_000);
    expect(await gateway.retrieveIntent(intent.id)).toMatchObject({
      id: intent.id,
      status: 'succeeded',
      amountCents: 5_000,
      cardLast4: '4242',
      failureMessage: null,
      // Paid without saving the card: it is not the client's to charge again.
      paymentMethod: null,
    });
    expect(standIn.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: `/v1/payment_intents/${intent.id}`,
      params: { 'expand[0]': 'latest_charge', 'expand[1]': 'payment_method' },
    });
  });

  it('reads a declined attempt as a failure message, with no card that paid', async () => {
    const intent = await newIntent();
    standIn.decline(intent.id, '0002', 'Your card was declined.');
    expect(await gateway.retrieveIntent(intent.id)).toMatchObject({
      status: 'requires_payment_method',
      cardLast4: null,
      failureMessage: 'Your card was declined.',
    });
  });

  it('answers null for an intent Stripe does not know', async () => {
    expect(await gateway.retrieveIntent('pi_nobody')).toBeNull();
  });

  it('cancels an unpaid intent and leaves a paid or unknown one alone', async () => {
    const unpaid = await newIntent();
    const done = await paid();
    await gateway.cancelIntent(unpaid.id);
    await gateway.cancelIntent(done.id);
    await gateway.cancelIntent('pi_nobody');
    expect((await gateway.retrieveIntent(unpaid.id))?.status).toBe('canceled');
    expect((await gateway.retrieveIntent(done.id))?.status).toBe('succeeded');
  });

  it('refunds part of a payment once per idempotency key, and no more than was paid', async () => {
    const intent = await paid(10_000);
    const key = randomUUID();
    const first = await refund(intent.id, 4_000, key);
    expect(first).toEqual({
      id: expect.stringMatching(/^re_/),
      amountCents: 4_000,
      status: 'succeeded',
    });
    expect(standIn.requests.at(-1)).toMatchObject({
      path: '/v1/refunds',
      params: { payment_intent: intent.id, amount: '4000' },
      idempotencyKey: key,
    });
    expect(await refund(intent.id, 4_000, key)).toEqual(first);

    await expect(refund(intent.id, 6_001)).rejects.toMatchObject({
      status: 409,
      code: 'refund_refused',
      message: 'Refund amount ($60.01) is greater than unrefunded amount on charge ($60.00)',
    });
    await refund(intent.id, 6_000);
    await expect(refund(intent.id, 1)).rejects.toMatchObject({ status: 409 });
  });

  it('refuses to refund an unpaid intent, and does not know an unknown one', async () => {
    const unpaid = await newIntent();
    await expect(refund(unpaid.id, 100)).rejects.toMatchObject({
      status: 409,
      code: 'refund_refused',
    });
    await expect(refund('pi_nobody', 100)).rejects.toMatchObject({ status: 404 });
  });

  it('fails loudly with a wrong secret key', async () => {
    const wrong = connect('sk_test_wrong');
    await expect(
      wrong.createIntent({ amountCents: 100, description: 'x', metadata: {}, idempotencyKey: 'k' }),
    ).rejects.toThrow(/Invalid API Key/);
    await expect(wrong.retrieveIntent('pi_nobody')).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );
  });
});

describe('Stripe webhooks', () => {
  const signed = (payload: string, secret = WEBHOOK_SECRET) =>
    Stripe.webhooks.generateTestHeaderString({ payload, secret });

  it('accepts a signed delivery and reads the intent it is about', async () => {
    const intent = await paid(7_500);
    const event = standIn.event('payment_intent.succeeded', intent.id);
    const payload = JSON.stringify(event);
    const verified = gateway.verifyWebhook(Buffer.from(payload), signed(payload));
    expect(verified).toEqual({
      id: event.id,
      type: 'payment_intent.succeeded',
      intent: expect.objectContaining({
        id: intent.id,
        status: 'succeeded',
        amountCents: 7_500,
        metadata: { bookingId: 'b-1', option: 'deposit' },
      }),
      invoice: null,
      subscription: null,
      payload: event,
    });
  });

  it('has no intent for an event about something else', () => {
    const payload = JSON.stringify({
      id: 'evt_charge',
      object: 'event',
      type: 'charge.refunded',
      data: { object: { id: 'ch_1', object: 'charge' } },
    });
    expect(gateway.verifyWebhook(Buffer.from(payload), signed(payload))).toMatchObject({
      id: 'evt_charge',
      type: 'charge.refunded',
      intent: null,
    });
  });

  it('refuses a tampered body, another secret, and a missing or garbled signature', async () => {
    const intent = await newIntent();
    const payload = JSON.stringify(standIn.event('payment_intent.succeeded', intent.id));
    const tampered = payload.replace('"amount":10000', '"amount":1');
    expect(tampered).not.toBe(payload);
    const deliveries: [string, string | undefined][] = [
      [tampered, signed(payload)],
      [payload, signed(payload, 'whsec_someone_else')],
      [payload, undefined],
      [payload, 'not a signature'],
    ];
    for (const [body, signature] of deliveries) {
      expect(() => gateway.verifyWebhook(Buffer.from(body), signature)).toThrow(
        WebhookSignatureError,
      );
    }
  });
});
