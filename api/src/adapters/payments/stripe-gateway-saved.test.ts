import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StripeStandIn, startStripeStandIn } from '../../test/stripe-stand-in';
import type { StripeGateway } from './stripe-gateway';

// The Stripe adapter's charges of saved cards: a payment that saves its card, and charges made
// while the client is away, through the real `stripe` package against the local stand-in.

const SECRET_KEY = 'sk_test_stand_in';

let standIn: StripeStandIn;
let gateway: StripeGateway;
beforeAll(async () => {
  standIn = await startStripeStandIn(SECRET_KEY);
  gateway = standIn.gateway({
    secretKey: SECRET_KEY,
    publishableKey: 'pk_test_stand_in',
    webhookSecret: 'whsec_stand_in',
  });
});
afterAll(() => standIn.close());

const MASTERCARD = { brand: 'mastercard', last4: '4444', expMonth: 3, expYear: 2030 };
// Stripe's test cards 4000000000000341 (saves, then every charge is declined) and
// 4000002760003184 (asks for 3-D Secure on every charge).
const DECLINES = { brand: 'visa', last4: '0341', expMonth: 11, expYear: 2031 };
const AUTHENTICATES = { brand: 'visa', last4: '3184', expMonth: 11, expYear: 2031 };

const newCustomer = () =>
  gateway.ensureCustomer({ id: randomUUID(), email: 'cora@example.com', name: 'Cora Tester' });

/** A card saved on a new customer through a setup intent, as the payment-methods page does. */
async function savedCard(card = MASTERCARD) {
  const customerId = await newCustomer();
  const setup = await gateway.createSetupIntent({ customerId, idempotencyKey: randomUUID() });
  return { customerId, paymentMethodId: standIn.confirmSetup(setup.id, card) };
}

const charge = (
  saved: { customerId: string; paymentMethodId: string },
  amountCents = 15_900,
  idempotencyKey: string = randomUUID(),
) =>
  gateway.chargeSavedCard({
    ...saved,
    amountCents,
    description: 'Monthly plan renewal',
    metadata: { subscriptionId: 's-1' },
    idempotencyKey,
  });

const chargesOf = (paymentMethodId: string) =>
  standIn.charges().filter((made) => made.payment_method === paymentMethodId);

describe('a payment that saves its card with Stripe', () => {
  it('asks Stripe to save the card on the customer, and reads it once paid', async () => {
    const customerId = await newCustomer();
    const key = randomUUID();
    const intent = await gateway.createIntent({
      amountCents: 15_900,
      description: 'Monthly plan, first month',
      metadata: { subscriptionId: 's-1' },
      idempotencyKey: key,
      customerId,
      saveCard: true,
    });
    expect(intent).toMatchObject({ status: 'requires_payment_method', paymentMethod: null });
    expect(standIn.requests.at(-1)).toEqual({
      method: 'POST',
      path: '/v1/payment_intents',
      params: {
        amount: '15900',
        currency: 'usd',
        description: 'Monthly plan, first month',
        'metadata[subscriptionId]': 's-1',
        customer: customerId,
        setup_future_usage: 'off_session',
        'automatic_payment_methods[enabled]': 'true',
        'automatic_payment_methods[allow_redirects]': 'never',
      },
      idempotencyKey: key,
    });

    const pm = standIn.succeed(intent.id, MASTERCARD);
    expect(await gateway.retrieveIntent(intent.id)).toMatchObject({
      status: 'succeeded',
      cardLast4: '4444',
      paymentMethod: { id: pm, brand: 'mastercard', last4: '4444', expMonth: 3, expYear: 2030 },
    });
    // Saved indeed: the card can be charged without the client.
    expect(await charge({ customerId, paymentMethodId: pm })).toMatchObject({
      status: 'succeeded',
    });
  });

  it('does not save the card of a payment that did not ask to', async () => {
    const customerId = await newCustomer();
    const intent = await gateway.createIntent({
      amountCents: 5_000,
      description: 'House cleaning',
      metadata: {},
      idempotencyKey: randomUUID(),
      customerId,
    });
    expect(standIn.requests.at(-1)?.params).not.toHaveProperty('setup_future_usage');
    const pm = standIn.succeed(intent.id, MASTERCARD);
    expect(await gateway.retrieveIntent(intent.id)).toMatchObject({
      status: 'succeeded',
      cardLast4: '4444',
      paymentMethod: null,
    });
    await expect(charge({ customerId, paymentMethodId: pm })).rejects.toBeInstanceOf(
      Stripe.errors.StripeInvalidRequestError,
    );
  });
});

describe('charging a saved card with Stripe', () => {
  it('charges it off-session at once, with the card that paid', async () => {
    const saved = await savedCard();
    const key = randomUUID();
    const intent = await charge(saved, 15_900, key);
    expect(intent).toEqual({
      id: expect.stringMatching(/^pi_/),
      clientSecret: expect.stringMatching(new RegExp(`^${intent.id}_secret_`)),
      status: 'succeeded',
      amountCents: 15_900,
      currency: 'usd',
      metadata: { subscriptionId: 's-1' },
      cardLast4: '4444',
      failureMessage: null,
      paymentMethod: { id: saved.paymentMethodId, ...MASTERCARD },
    });
    expect(standIn.requests.at(-1)).toEqual({
      method: 'POST',
      path: '/v1/payment_intents',
      params: {
        amount: '15900',
        currency: 'usd',
        description: 'Monthly plan renewal',
        'metadata[subscriptionId]': 's-1',
        customer: saved.customerId,
        payment_method: saved.paymentMethodId,
        off_session: 'true',
        confirm: 'true',
        'automatic_payment_methods[enabled]': 'true',
        'automatic_payment_methods[allow_redirects]': 'never',
        'expand[0]': 'latest_charge',
        'expand[1]': 'payment_method',
      },
      idempotencyKey: key,
    });
    expect(await gateway.retrieveIntent(intent.id)).toEqual(intent);
  });

  it('answers a declined card as a refused intent, without throwing', async () => {
    const saved = await savedCard(DECLINES);
    const intent = await charge(saved);
    expect(intent).toMatchObject({
      id: expect.stringMatching(/^pi_/),
      status: 'requires_payment_method',
      amountCents: 15_900,
      cardLast4: null,
      failureMessage: 'Your card was declined.',
      paymentMethod: null,
    });
    expect(await gateway.retrieveIntent(intent.id)).toMatchObject({
      status: 'requires_payment_method',
      failureMessage: 'Your card was declined.',
    });
  });

  it('refuses a card that asks for authentication, since nobody is there to give it', async () => {
    const intent = await charge(await savedCard(AUTHENTICATES));
    expect(intent).toMatchObject({
      status: 'requires_payment_method',
      cardLast4: null,
      failureMessage: 'Your card was declined. This transaction requires authentication.',
      paymentMethod: null,
    });
  });

  it('charges once per idempotency key, paid or declined', async () => {
    for (const card of [MASTERCARD, DECLINES]) {
      const saved = await savedCard(card);
      const key = randomUUID();
      const first = await charge(saved, 15_900, key);
      expect(await charge(saved, 15_900, key)).toEqual(first);
      expect(chargesOf(saved.paymentMethodId)).toHaveLength(1);
    }
  });

  it('throws for a reused key with other params, and for a card no longer saved', async () => {
    const saved = await savedCard();
    const key = randomUUID();
    await charge(saved, 15_900, key);
    await expect(charge(saved, 9_900, key)).rejects.toMatchObject({
      status: 409,
      code: 'idempotency_key_reused',
    });

    await gateway.detachPaymentMethod(saved.paymentMethodId);
    await expect(charge(saved)).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(chargesOf(saved.paymentMethodId)).toHaveLength(1);
  });
});
