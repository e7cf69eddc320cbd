import { randomUUID } from 'node:crypto';
import {
  LOCAL_DECLINE_MESSAGE,
  LOCAL_UNKNOWN_CARD_MESSAGE,
  localCardSchema,
  TEST_CARDS,
} from '@twinclean/shared/local-gateway';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/test-database';
import { createPaymentGateway } from './create-gateway';
import type { GatewayIntent } from './gateway';
import { type LocalGateway, localGateway } from './local-gateway';

const db = useTestDatabase();
let gateway: LocalGateway;
beforeAll(() => {
  gateway = localGateway(db.knex);
});

const newIntent = (amountCents = 10_000, idempotencyKey: string = randomUUID()) =>
  gateway.createIntent({
    amountCents,
    description: 'House cleaning, deposit',
    metadata: { bookingId: 'b-1', option: 'deposit' },
    idempotencyKey,
  });

const card = (intent: GatewayIntent, cardNumber: string, expiry = '12 / 34') =>
  localCardSchema.parse({ clientSecret: intent.clientSecret, cardNumber, expiry, cvc: '123' });

const pay = (intent: GatewayIntent, cardNumber: string, expiry?: string, now?: Date) =>
  gateway.confirm(intent.id, card(intent, cardNumber, expiry), now);

const paid = async (amountCents = 10_000) =>
  (await pay(await newIntent(amountCents), TEST_CARDS.succeeds)).intent;

/** Opens pool connections first, so calls "at once" really overlap instead of queueing. */
const warmPool = (connections: number) =>
  Promise.all(Array.from({ length: connections }, () => db.knex.raw('SELECT pg_sleep(0.05)')));

const refund = (paymentIntentId: string, amountCents: number, idempotencyKey = randomUUID()) =>
  gateway.refund({ paymentIntentId, amountCents, idempotencyKey });

describe('creating an intent', () => {
  it('answers a Stripe-shaped intent waiting for a card, and keeps it in the ledger', async () => {
    const intent = await newIntent(12_345);
    expect(intent).toEqual({
      id: expect.stringMatching(/^pi_local_[\w-]{16}$/),
      clientSecret: expect.stringMatching(/^pi_local_[\w-]{16}_secret_[\w-]{32}$/),
      status: 'requires_payment_method',
      amountCents: 12_345,
      currency: 'usd',
      metadata: { bookingId: 'b-1', option: 'deposit' },
      cardLast4: null,
      failureMessage: null,
      paymentMethod: null,
    });
    expect(intent.clientSecret.startsWith(`${intent.id}_secret_`)).toBe(true);
    expect(await gateway.retrieveIntent(intent.id)).toEqual(intent);
    expect(await db.knex('localGatewayIntents').where({ id: intent.id }).first()).toMatchObject({
      description: 'House cleaning, deposit',
    });
    expect(await gateway.retrieveIntent('pi_local_nobody')).toBeNull();
  });

  it('answers the same intent for the same idempotency key, even when asked at once', async () => {
    const key = randomUUID();
    await warmPool(6);
    const intents = await Promise.all(Array.from({ length: 6 }, () => newIntent(5_000, key)));
    expect(new Set(intents.map((i) => i.id)).size).toBe(1);
    expect(await db.knex('localGatewayIntents').where({ idempotencyKey: key })).toHaveLength(1);
    expect((await newIntent(5_000, key)).id).toBe(intents[0]?.id);
    expect((await newIntent(5_000)).id).not.toBe(intents[0]?.id);
  });

  it('refuses a key reused for a different amount, as Stripe does', async () => {
    const key = randomUUID();
    await newIntent(5_000, key);
    await expect(newIntent(6_000, key)).rejects.toMatchObject({
      status: 409,
      code: 'idempotency_key_reused',
    });
  });
});

describe('confirming with a test card', () => {
  it('takes 4242 4242 4242 4242 and records the card that paid', async () => {
    const intent = await newIntent();
    const result = await pay(intent, '4242 4242 4242 4242');
    expect(result.answer).toEqual({ status: 'succeeded', message: null });
    expect(result.intent).toMatchObject({ status: 'succeeded', cardLast4: '4242' });
    expect(await gateway.retrieveIntent(intent.id)).toEqual(result.intent);
  });

  it('declines 4000 0000 0000 0002 and lets the client try another card', async () => {
    const intent = await newIntent();
    const declined = await pay(intent, TEST_CARDS.declines);
    expect(declined.answer).toEqual({
      status: 'requires_payment_method',
      message: LOCAL_DECLINE_MESSAGE,
    });
    expect(await gateway.retrieveIntent(intent.id)).toMatchObject({
      status: 'requires_payment_method',
      cardLast4: null,
      failureMessage: LOCAL_DECLINE_MESSAGE,
    });

    const retried = await pay(intent, TEST_CARDS.succeeds);
    expect(retried.intent).toMatchObject({
      status: 'succeeded',
      cardLast4: '4242',
      failureMessage: null,
    });
  });

  it('takes only the listed test cards', async () => {
    const intent = await newIntent();
    const result = await pay(intent, '5555555555554444');
    expect(result.answer).toEqual({
      status: 'requires_payment_method',
      message: LOCAL_UNKNOWN_CARD_MESSAGE,
    });
  });

  it('refuses a card whose month has passed in Chicago', async () => {
    const intent = await newIntent();
    // 03:00 UTC on December 1 is still November 30 in Minneapolis: 11/26 is good that evening.
    const lateNovember = new Date('2026-12-01T03:00:00Z');
    const expired = await pay(intent, TEST_CARDS.succeeds, '10/26', lateNovember);
    expect(expired.answer).toEqual({
      status: 'requires_payment_method',
      message: 'Your card has expired.',
    });
    const good = await pay(intent, TEST_CARDS.succeeds, '11/26', lateNovember);
    expect(good.answer.status).toBe('succeeded');

    const later = await newIntent();
    const december = new Date('2026-12-01T07:00:00Z');
    const result = await pay(later, TEST_CARDS.succeeds, '11/26', december);
    expect(result.answer.message).toBe('Your card has expired.');
  });

  it('answers 404 for an unknown intent or a secret that is not its own', async () => {
    const intent = await newIntent();
    const other = await newIntent();
    const notFound = { status: 404, message: 'Payment not found.' };
    await expect(
      gateway.confirm(intent.id, card(other, TEST_CARDS.succeeds)),
    ).rejects.toMatchObject(notFound);
    await expect(
      gateway.confirm('pi_local_nobody', card(intent, TEST_CARDS.succeeds)),
    ).rejects.toMatchObject(notFound);
    expect(await gateway.retrieveIntent(intent.id)).toMatchObject({
      status: 'requires_payment_method',
    });
  });

  it('charges once when confirmations arrive together; the others are 409s', async () => {
    const intent = await newIntent();
    await warmPool(8);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 8 }, () => pay(intent, TEST_CARDS.succeeds)),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const lost = outcomes.filter((o) => o.status === 'rejected');
    expect(lost).toHaveLength(7);
    expect(lost[0]?.reason).toMatchObject({
      status: 409,
      code: 'payment_intent_unexpected_state',
      message: 'This payment has already been made.',
    });
  });

  it('refuses to confirm a canceled intent', async () => {
    const intent = await newIntent();
    await gateway.cancelIntent(intent.id);
    await expect(pay(intent, TEST_CARDS.succeeds)).rejects.toMatchObject({
      status: 409,
      message: 'This payment was canceled.',
    });
  });
});

describe('the 3-D Secure test card', () => {
  it('waits for authentication, then succeeds when approved', async () => {
    const intent = await newIntent();
    const asked = await pay(intent, TEST_CARDS.authenticates);
    expect(asked.answer).toEqual({ status: 'requires_action', message: null });
    expect(asked.intent.status).toBe('requires_action');

    const approved = await gateway.authenticate(intent.id, intent.clientSecret, true);
    expect(approved.answer).toEqual({ status: 'succeeded', message: null });
    expect(approved.intent).toMatchObject({ status: 'succeeded', cardLast4: '3155' });
    await expect(gateway.authenticate(intent.id, intent.clientSecret, true)).rejects.toMatchObject({
      status: 409,
      code: 'payment_intent_unexpected_state',
    });
  });

  it("goes back to waiting for a card, with Stripe's message, when refused", async () => {
    const intent = await newIntent();
    await pay(intent, TEST_CARDS.authenticates);
    const refused = await gateway.authenticate(intent.id, intent.clientSecret, false);
    const message =
      'We are unable to authenticate your payment method. Please choose a different payment method and try again.';
    expect(refused.answer).toEqual({ status: 'requires_payment_method', message });
    expect(refused.intent).toMatchObject({ cardLast4: null, failureMessage: message });
  });

  it('authenticates only an intent that asked for it, with its own secret', async () => {
    const intent = await newIntent();
    await expect(gateway.authenticate(intent.id, intent.clientSecret, true)).rejects.toMatchObject({
      status: 409,
    });
    await pay(intent, TEST_CARDS.authenticates);
    await expect(gateway.authenticate(intent.id, 'not-the-secret', true)).rejects.toMatchObject({
      status: 404,
    });
  });
});

describe('canceling', () => {
  it('cancels an unpaid intent, one waiting for authentication, and leaves a paid one alone', async () => {
    const waiting = await newIntent();
    const authenticating = await newIntent();
    await pay(authenticating, TEST_CARDS.authenticates);
    const done = await paid();

    for (const id of [waiting.id, authenticating.id, done.id, 'pi_local_nobody']) {
      await gateway.cancelIntent(id);
    }
    expect((await gateway.retrieveIntent(waiting.id))?.status).toBe('canceled');
    expect((await gateway.retrieveIntent(authenticating.id))?.status).toBe('canceled');
    expect((await gateway.retrieveIntent(done.id))?.status).toBe('succeeded');
  });
});

describe('refunding', () => {
  it('refunds in parts up to what was paid, and no further', async () => {
    const intent = await paid(10_000);
    expect(await refund(intent.id, 4_000)).toEqual({
      id: expect.stringMatching(/^re_local_/),
      amountCents: 4_000,
      status: 'succeeded',
    });
    await expect(refund(intent.id, 6_001)).rejects.toMatchObject({
      status: 409,
      code: 'refund_refused',
      message: 'Only $60.00 of this payment is left to refund.',
    });
    await refund(intent.id, 6_000);
    await expect(refund(intent.id, 1)).rejects.toMatchObject({ status: 409 });
    const rows = await db.knex('localGatewayRefunds').where({ intentId: intent.id });
    expect(rows.map((r) => r.amountCents).sort()).toEqual([4_000, 6_000]);
  });

  it('refunds once for one idempotency key', async () => {
    const intent = await paid(10_000);
    const key = randomUUID();
    const first = await refund(intent.id, 7_000, key);
    expect(await refund(intent.id, 7_000, key)).toEqual(first);
    // Had the repeat refunded again, only $30 would be left, not $30.00 + the repeat's $70.
    await expect(refund(intent.id, 3_001)).rejects.toMatchObject({ status: 409 });
    await expect(refund(intent.id, 5_000, key)).rejects.toMatchObject({
      status: 409,
      code: 'idempotency_key_reused',
    });
    expect(await db.knex('localGatewayRefunds').where({ idempotencyKey: key })).toHaveLength(1);
  });

  it('never lets refunds at once pass what was paid', async () => {
    const intent = await paid(10_000);
    await warmPool(8);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 8 }, () => refund(intent.id, 6_000)),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.filter((o) => o.status === 'rejected');
    expect(new Set(refused.map((o) => o.reason.status))).toEqual(new Set([409]));
  });

  it('refunds only a payment that succeeded, and a positive amount of it', async () => {
    const unpaid = await newIntent();
    await expect(refund(unpaid.id, 100)).rejects.toMatchObject({
      status: 409,
      message: 'Only a payment that succeeded can be refunded.',
    });
    await expect(refund('pi_local_nobody', 100)).rejects.toMatchObject({ status: 404 });
    const intent = await paid();
    await expect(refund(intent.id, 0)).rejects.toMatchObject({ status: 400 });
    await expect(refund(intent.id, 12.5)).rejects.toMatchObject({ status: 400 });
  });
});

describe('choosing the gateway', () => {
  it('is the LocalGateway without STRIPE_SECRET_KEY, and Stripe with all three settings', () => {
    expect(createPaymentGateway({}, db.knex)).toMatchObject({
      name: 'local',
      publishableKey: null,
    });
    const stripe = createPaymentGateway(
      {
        STRIPE_SECRET_KEY: 'sk_test_1',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
        STRIPE_WEBHOOK_SECRET: 'whsec_1',
      },
      db.knex,
    );
    expect(stripe).toMatchObject({ name: 'stripe', publishableKey: 'pk_test_1' });
    expect(() => createPaymentGateway({ STRIPE_SECRET_KEY: 'sk_test_1' }, db.knex)).toThrow(
      /STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET/,
    );
  });
});
