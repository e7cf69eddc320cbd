import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StripeStandIn, startStripeStandIn } from '../../test/stripe-stand-in';
import type { StripeGateway } from './stripe-gateway';

// The Stripe adapter's saved cards (customers, setup intents, detaching), through the real
// `stripe` package against the local stand-in.

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

const user = () => ({ id: randomUUID(), email: 'cora@example.com', name: 'Cora Tester' });
const newSetup = async (idempotencyKey: string = randomUUID()) => {
  const customerId = await gateway.ensureCustomer(user());
  return gateway.createSetupIntent({ customerId, idempotencyKey });
};

describe('saving cards with Stripe', () => {
  it('creates a customer named for our user, once per user', async () => {
    const cora = user();
    const id = await gateway.ensureCustomer(cora);
    expect(id).toMatch(/^cus_/);
    expect(standIn.requests.at(-1)).toEqual({
      method: 'POST',
      path: '/v1/customers',
      params: { email: cora.email, name: cora.name, 'metadata[userId]': cora.id },
      idempotencyKey: `customer:${cora.id}`,
    });
    expect(await gateway.ensureCustomer(cora)).toBe(id);
  });

  it('creates an off-session setup intent for the Payment Element, once per idempotency key', async () => {
    const customerId = await gateway.ensureCustomer(user());
    const key = randomUUID();
    const intent = await gateway.createSetupIntent({ customerId, idempotencyKey: key });
    expect(intent).toEqual({
      id: expect.stringMatching(/^seti_/),
      clientSecret: expect.stringMatching(new RegExp(`^${intent.id}_secret_`)),
      status: 'requires_payment_method',
      customerId,
      paymentMethod: null,
      failureMessage: null,
    });
    expect(standIn.requests.at(-1)).toEqual({
      method: 'POST',
      path: '/v1/setup_intents',
      params: {
        customer: customerId,
        usage: 'off_session',
        'automatic_payment_methods[enabled]': 'true',
        'automatic_payment_methods[allow_redirects]': 'never',
      },
      idempotencyKey: key,
    });
    expect(await gateway.createSetupIntent({ customerId, idempotencyKey: key })).toEqual(intent);
  });

  it('reads a confirmed setup with its card, from the expanded payment method', async () => {
    const intent = await newSetup();
    const pm = standIn.confirmSetup(intent.id, {
      brand: 'mastercard',
      last4: '4444',
      expMonth: 3,
      expYear: 2030,
    });
    expect(await gateway.retrieveSetupIntent(intent.id)).toEqual({
      ...intent,
      status: 'succeeded',
      paymentMethod: { id: pm, brand: 'mastercard', last4: '4444', expMonth: 3, expYear: 2030 },
    });
    expect(standIn.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: `/v1/setup_intents/${intent.id}`,
      params: { 'expand[0]': 'payment_method' },
    });
  });

  it('reads a declined setup as a failure message with no card; null for an unknown id', async () => {
    const intent = await newSetup();
    standIn.declineSetup(intent.id, 'Your card was declined.');
    expect(await gateway.retrieveSetupIntent(intent.id)).toMatchObject({
      status: 'requires_payment_method',
      paymentMethod: null,
      failureMessage: 'Your card was declined.',
    });
    expect(await gateway.retrieveSetupIntent('seti_nobody')).toBeNull();
  });

  it('detaches a card, and takes a second detach or an unknown card as done', async () => {
    const intent = await newSetup();
    const pm = standIn.confirmSetup(intent.id);
    await gateway.detachPaymentMethod(pm);
    expect(standIn.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: `/v1/payment_methods/${pm}/detach`,
    });
    await gateway.detachPaymentMethod(pm);
    expect(standIn.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: `/v1/payment_methods/${pm}`,
    });
    await gateway.detachPaymentMethod('pm_nobody');
  });

  it("passes on Stripe's refusal of an unknown customer", async () => {
    await expect(
      gateway.createSetupIntent({ customerId: 'cus_nobody', idempotencyKey: randomUUID() }),
    ).rejects.toThrow("No such customer: 'cus_nobody'");
  });
});
