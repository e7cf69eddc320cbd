import { randomUUID } from 'node:crypto';
import { paymentMethodSchema, setupIntentAnswerSchema } from '@twinclean/shared/payment-methods';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { signedInClient } from '../../test/people';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';

// Saved cards on the LocalGateway, through the real routes: the card form's calls as the browser
// makes them, then the client's record, list, default and remove.

const db = useTestDatabase();
const api = useTestServer(db, () => ({ trustProxy: true }));

type Client = Awaited<ReturnType<typeof signedInClient>>;
const client = () => signedInClient(db.knex, api.url);

/** The LocalGateway's card form: public, like Stripe's own endpoints. */
const post = async (path: string, body: unknown) => {
  const res = await fetch(`${api.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.21' },
    body: JSON.stringify(body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: read loosely, asserted below
  return { status: res.status, json: (await res.json()) as any };
};

async function startSetup(c: Client) {
  const answer = await c.call('POST', '/api/payment-methods/setup-intent');
  expect(answer.status).toBe(200);
  return setupIntentAnswerSchema.parse(answer.json);
}

const confirm = (
  setup: { setupIntentId: string; clientSecret: string },
  cardNumber: string,
  expiry = '12/34',
) =>
  post(`/api/local-gateway/setup-intents/${setup.setupIntentId}/confirm`, {
    clientSecret: setup.clientSecret,
    cardNumber,
    expiry,
    cvc: '123',
  });

const record = (c: Client, setupIntentId: string) =>
  c.call('POST', '/api/payment-methods', { setupIntentId });

/** Saves a card the way the page does: setup, the card form, then the record. */
async function addCard(c: Client, cardNumber = '4242424242424242', expiry?: string) {
  const setup = await startSetup(c);
  expect((await confirm(setup, cardNumber, expiry)).json.status).toBe('succeeded');
  const saved = await record(c, setup.setupIntentId);
  expect(saved.status).toBe(201);
  return paymentMethodSchema.parse(saved.json);
}

const list = async (c: Client) => {
  const answer = await c.call('GET', '/api/payment-methods');
  expect(answer.status).toBe(200);
  return z.array(paymentMethodSchema).parse(answer.json);
};
const defaults = async (userId: string) =>
  (await db.knex('paymentMethods').where({ userId, isDefault: true })).map((r) => r.id);

describe('saving a card', () => {
  it('saves 4242 as the first card and the default, on one gateway customer', async () => {
    const cora = await client();
    expect(await list(cora)).toEqual([]);
    const first = await addCard(cora, '4242 4242 4242 4242', '07/31');
    expect(first).toEqual({
      id: expect.any(String),
      brand: 'visa',
      last4: '4242',
      expMonth: 7,
      expYear: 2031,
      isDefault: true,
      createdAt: expect.any(String),
    });
    const user = await db.knex('users').where({ id: cora.id }).first();
    expect(user.gatewayCustomerId).toBe(`cus_local_${cora.id}`);

    const second = await addCard(cora);
    expect(second.isDefault).toBe(false);
    expect((await list(cora)).map((c) => c.id)).toEqual([first.id, second.id]);
    expect(await defaults(cora.id)).toEqual([first.id]);
  });

  it('takes the extra confirmation step of 4000 0025 0000 3155', async () => {
    const cora = await client();
    const setup = await startSetup(cora);
    expect(setup).toMatchObject({ gateway: 'local', publishableKey: null });
    expect((await confirm(setup, '4000002500003155')).json).toEqual({
      status: 'requires_action',
      message: null,
    });
    expect(await record(cora, setup.setupIntentId)).toMatchObject({
      status: 402,
      json: { code: 'card_not_saved', message: 'The card has not been confirmed.' },
    });
    const approved = await post(
      `/api/local-gateway/setup-intents/${setup.setupIntentId}/authenticate`,
      { clientSecret: setup.clientSecret, approve: true },
    );
    expect(approved.json).toEqual({ status: 'succeeded', message: null });
    expect((await record(cora, setup.setupIntentId)).json).toMatchObject({
      last4: '3155',
      isDefault: true,
    });
  });

  it('records a setup once, however often or at once it is reported', async () => {
    const cora = await client();
    const setup = await startSetup(cora);
    await confirm(setup, '4242424242424242');
    const answers = await Promise.all([1, 2, 3, 4].map(() => record(cora, setup.setupIntentId)));
    expect(new Set(answers.map((a) => a.json.id)).size).toBe(1);
    expect(answers.every((a) => a.status === 201)).toBe(true);
    expect(await db.knex('paymentMethods').where({ userId: cora.id })).toHaveLength(1);
  });

  it('refuses a declined or expired card with the gateway’s message, and saves nothing', async () => {
    const cora = await client();
    const setup = await startSetup(cora);
    expect((await confirm(setup, '4000 0000 0000 0002')).json).toEqual({
      status: 'requires_payment_method',
      message: 'Your card was declined.',
    });
    expect(await record(cora, setup.setupIntentId)).toMatchObject({
      status: 402,
      json: { message: 'Your card was declined.' },
    });
    await confirm(setup, '4242424242424242', '01/20');
    expect((await record(cora, setup.setupIntentId)).json.message).toBe('Your card has expired.');
    expect(await list(cora)).toEqual([]);
  });
});

describe('another client', () => {
  it('cannot tell that someone else’s setup or card exists', async () => {
    const cora = await client();
    const card = await addCard(cora);
    const coraSetup = await startSetup(cora);
    await confirm(coraSetup, '4242424242424242');

    const stranger = await client();
    const unknownSetup = await record(stranger, 'seti_local_nobody');
    expect(unknownSetup).toMatchObject({ status: 404, json: { message: 'Card setup not found.' } });
    expect(await record(stranger, coraSetup.setupIntentId)).toEqual(unknownSetup);
    // Asking about a setup makes no customer for the stranger.
    const strangerRow = await db.knex('users').where({ id: stranger.id }).first();
    expect(strangerRow.gatewayCustomerId).toBeNull();
    // …nor once they have a customer of their own.
    await startSetup(stranger);
    expect(await record(stranger, coraSetup.setupIntentId)).toEqual(unknownSetup);

    const missing = randomUUID();
    for (const [method, path] of [
      ['PATCH', '/default'],
      ['DELETE', ''],
    ] as const) {
      const theirs = await stranger.call(method, `/api/payment-methods/${card.id}${path}`);
      const absent = await stranger.call(method, `/api/payment-methods/${missing}${path}`);
      expect(theirs).toEqual(absent);
      expect(theirs).toMatchObject({ status: 404, json: { message: 'Payment method not found.' } });
    }
    expect(await list(stranger)).toEqual([]);
    expect(await list(cora)).toEqual([card]);
  });
});

describe('the default card', () => {
  it('moves to the card the client chooses, one default at a time', async () => {
    const cora = await client();
    const first = await addCard(cora);
    const second = await addCard(cora);
    const made = await cora.call('PATCH', `/api/payment-methods/${second.id}/default`);
    expect(made).toMatchObject({ status: 200, json: { id: second.id, isDefault: true } });
    expect((await list(cora)).map((c) => [c.id, c.isDefault])).toEqual([
      [second.id, true],
      [first.id, false],
    ]);
    // Both asked at once: whichever runs last wins, and there is still exactly one.
    await Promise.all(
      [first, second, first].map((c) => cora.call('PATCH', `/api/payment-methods/${c.id}/default`)),
    );
    expect(await defaults(cora.id)).toHaveLength(1);
  });
});

describe('removing a card', () => {
  it('detaches it at the gateway; removing the default makes the newest card the default', async () => {
    const cora = await client();
    const oldest = await addCard(cora);
    const middle = await addCard(cora);
    const newest = await addCard(cora);
    const gatewayId = async (id: string) =>
      (await db.knex('paymentMethods').where({ id }).first()).gatewayPaymentMethodId as string;
    const ledger = (pm: string) => db.knex('localGatewayPaymentMethods').where({ id: pm }).first();
    const oldestPm = await gatewayId(oldest.id);

    expect(await cora.call('DELETE', `/api/payment-methods/${oldest.id}`)).toEqual({
      status: 200,
      json: { ok: true, message: 'Card removed.' },
    });
    expect(await ledger(oldestPm)).toMatchObject({ customerId: null });
    expect((await list(cora)).map((c) => [c.id, c.isDefault])).toEqual([
      [newest.id, true],
      [middle.id, false],
    ]);

    await cora.call('DELETE', `/api/payment-methods/${middle.id}`);
    expect(await defaults(cora.id)).toEqual([newest.id]);
    await cora.call('DELETE', `/api/payment-methods/${newest.id}`);
    expect(await list(cora)).toEqual([]);
    expect((await cora.call('DELETE', `/api/payment-methods/${newest.id}`)).status).toBe(404);

    // With every card gone, the next card saved is the default again.
    expect((await addCard(cora)).isDefault).toBe(true);
  });
});
