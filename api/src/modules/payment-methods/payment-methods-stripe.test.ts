import { setupIntentAnswerSchema } from '@twinclean/shared/payment-methods';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../test/people';
import { type StripeStandIn, startStripeStandIn } from '../../test/stripe-stand-in';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';

// Saved cards with Stripe: the same routes, the Stripe adapter, and the local stand-in playing
// Stripe (the Payment Element's confirmSetup is the stand-in's confirmSetup).

const SECRET_KEY = 'sk_test_stand_in';
let standIn: StripeStandIn;
// Registered before the server's, so the stand-in is listening when the app is built.
beforeAll(async () => {
  standIn = await startStripeStandIn(SECRET_KEY);
});
afterAll(() => standIn.close());

const db = useTestDatabase();
const api = useTestServer(db, () => ({
  trustProxy: true,
  payments: standIn.gateway({
    secretKey: SECRET_KEY,
    publishableKey: 'pk_test_stand_in',
    webhookSecret: 'whsec_stand_in',
  }),
}));

type Client = Awaited<ReturnType<typeof signedInClient>>;
const client = () => signedInClient(db.knex, api.url);

async function startSetup(c: Client) {
  const answer = await c.call('POST', '/api/payment-methods/setup-intent');
  expect(answer.status).toBe(200);
  return setupIntentAnswerSchema.parse(answer.json);
}
const record = (c: Client, setupIntentId: string) =>
  c.call('POST', '/api/payment-methods', { setupIntentId });
const calls = (method: string, path: string | RegExp) =>
  standIn.requests.filter((r) => r.method === method && r.path.match(path)).length;

describe('saved cards with Stripe', () => {
  it('sets up cards on one Stripe customer for the Payment Element and records them', async () => {
    const cora = await client();
    const customersBefore = calls('POST', '/v1/customers');
    const setup = await startSetup(cora);
    expect(setup).toMatchObject({ gateway: 'stripe', publishableKey: 'pk_test_stand_in' });
    expect(setup.clientSecret).toMatch(new RegExp(`^${setup.setupIntentId}_secret_`));
    standIn.confirmSetup(setup.setupIntentId, {
      brand: 'mastercard',
      last4: '4444',
      expMonth: 3,
      expYear: 2030,
    });
    const saved = await record(cora, setup.setupIntentId);
    expect(saved).toMatchObject({
      status: 201,
      json: { brand: 'mastercard', last4: '4444', expMonth: 3, expYear: 2030, isDefault: true },
    });

    const next = await startSetup(cora);
    standIn.confirmSetup(next.setupIntentId);
    expect((await record(cora, next.setupIntentId)).json).toMatchObject({
      brand: 'visa',
      isDefault: false,
    });
    expect(calls('POST', '/v1/customers')).toBe(customersBefore + 1);
    const row = await db.knex('paymentMethods').where({ id: saved.json.id }).first();
    expect(row).toMatchObject({ gateway: 'stripe', gatewayPaymentMethodId: /^pm_/ });
  });

  it('refuses a declined card with Stripe’s message, and another client’s setup', async () => {
    const cora = await client();
    const setup = await startSetup(cora);
    standIn.declineSetup(setup.setupIntentId, 'Your card was declined.');
    expect(await record(cora, setup.setupIntentId)).toMatchObject({
      status: 402,
      json: { message: 'Your card was declined.' },
    });

    standIn.confirmSetup(setup.setupIntentId);
    const stranger = await client();
    await startSetup(stranger);
    expect(await record(stranger, setup.setupIntentId)).toEqual(
      await record(stranger, 'seti_nobody'),
    );
    expect((await record(stranger, setup.setupIntentId)).status).toBe(404);
  });

  it('detaches a removed card at Stripe', async () => {
    const cora = await client();
    const setup = await startSetup(cora);
    const pm = standIn.confirmSetup(setup.setupIntentId);
    const card = (await record(cora, setup.setupIntentId)).json;
    expect(await cora.call('DELETE', `/api/payment-methods/${card.id}`)).toMatchObject({
      status: 200,
    });
    expect(calls('POST', `/v1/payment_methods/${pm}/detach`)).toBe(1);
    expect((await cora.call('GET', '/api/payment-methods')).json).toEqual([]);
  });
});
