import { randomUUID } from 'node:crypto';
import {
  LOCAL_DECLINE_MESSAGE,
  localCardSchema,
  TEST_CARDS,
} from '@twinclean/shared/local-gateway';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/test-database';
import type { GatewaySetupIntent } from './gateway';
import { type LocalGateway, localGateway } from './local-gateway';

const db = useTestDatabase();
let gateway: LocalGateway;
beforeAll(() => {
  gateway = localGateway(db.knex);
});

const customer = () =>
  gateway.ensureCustomer({ id: randomUUID(), email: 'cora@example.com', name: 'Cora Tester' });
const newSetup = async (customerId?: string, idempotencyKey: string = randomUUID()) =>
  gateway.createSetupIntent({ customerId: customerId ?? (await customer()), idempotencyKey });

const card = (intent: GatewaySetupIntent, cardNumber: string, expiry = '12 / 34') =>
  localCardSchema.parse({ clientSecret: intent.clientSecret, cardNumber, expiry, cvc: '123' });
const save = (intent: GatewaySetupIntent, cardNumber: string, expiry?: string, now?: Date) =>
  gateway.confirmSetup(intent.id, card(intent, cardNumber, expiry), now);
const ledgerCard = (id: string) => db.knex('localGatewayPaymentMethods').where({ id }).first();

/** Opens pool connections first, so calls "at once" really overlap instead of queueing. */
const warmPool = (connections: number) =>
  Promise.all(Array.from({ length: connections }, () => db.knex.raw('SELECT pg_sleep(0.05)')));

describe('LocalGateway customers and setup intents', () => {
  it('gives each user one stable customer', async () => {
    const user = { id: randomUUID(), email: 'a@example.com', name: 'A B' };
    const first = await gateway.ensureCustomer(user);
    expect(first).toBe(`cus_local_${user.id}`);
    expect(await gateway.ensureCustomer(user)).toBe(first);
  });

  it('creates a Stripe-shaped setup intent waiting for a card, once per idempotency key', async () => {
    const customerId = await customer();
    const key = randomUUID();
    const intent = await newSetup(customerId, key);
    expect(intent).toEqual({
      id: expect.stringMatching(/^seti_local_[\w-]{16}$/),
      clientSecret: expect.stringMatching(/^seti_local_[\w-]{16}_secret_[\w-]{32}$/),
      status: 'requires_payment_method',
      customerId,
      paymentMethod: null,
      failureMessage: null,
    });
    expect(await gateway.retrieveSetupIntent(intent.id)).toEqual(intent);
    expect(await gateway.retrieveSetupIntent('seti_local_nobody')).toBeNull();
    expect(await newSetup(customerId, key)).toEqual(intent);
    await expect(newSetup(await customer(), key)).rejects.toMatchObject({
      status: 409,
      code: 'idempotency_key_reused',
    });
  });

  it('saves 4242 on the customer as a Visa with its expiry', async () => {
    const intent = await newSetup();
    const result = await save(intent, '4242 4242 4242 4242', '07/31');
    expect(result.answer).toEqual({ status: 'succeeded', message: null });
    expect(result.setupIntent).toEqual({
      ...intent,
      status: 'succeeded',
      paymentMethod: {
        id: expect.stringMatching(/^pm_local_/),
        brand: 'visa',
        last4: '4242',
        expMonth: 7,
        expYear: 2031,
      },
    });
    expect(await gateway.retrieveSetupIntent(intent.id)).toEqual(result.setupIntent);
    const pm = result.setupIntent.paymentMethod?.id ?? '';
    expect(await ledgerCard(pm)).toMatchObject({ customerId: intent.customerId });
    await expect(save(intent, TEST_CARDS.succeeds)).rejects.toMatchObject({
      status: 409,
      message: 'This card has already been saved.',
    });
  });

  it('declines 4000 0000 0000 0002 and an expired card with Stripe’s words; another card may follow', async () => {
    const intent = await newSetup();
    const declined = await save(intent, TEST_CARDS.declines);
    expect(declined.answer).toEqual({
      status: 'requires_payment_method',
      message: LOCAL_DECLINE_MESSAGE,
    });
    expect(declined.setupIntent).toMatchObject({
      paymentMethod: null,
      failureMessage: LOCAL_DECLINE_MESSAGE,
    });
    const lateNovember = new Date('2026-12-01T03:00:00Z');
    const expired = await save(intent, TEST_CARDS.succeeds, '10/26', lateNovember);
    expect(expired.answer.message).toBe('Your card has expired.');
    const good = await save(intent, TEST_CARDS.succeeds, '11/26', lateNovember);
    expect(good.setupIntent).toMatchObject({ status: 'succeeded', failureMessage: null });
  });

  it('asks for the extra step with 4000 0025 0000 3155 and saves the card only when approved', async () => {
    const intent = await newSetup();
    const asked = await save(intent, TEST_CARDS.authenticates);
    expect(asked.answer).toEqual({ status: 'requires_action', message: null });
    const pending = asked.setupIntent.paymentMethod;
    expect(pending).toMatchObject({ last4: '3155' });
    expect(await ledgerCard(pending?.id ?? '')).toMatchObject({ customerId: null });

    const approved = await gateway.authenticateSetup(intent.id, intent.clientSecret, true);
    expect(approved.setupIntent).toMatchObject({ status: 'succeeded', paymentMethod: pending });
    expect(await ledgerCard(pending?.id ?? '')).toMatchObject({ customerId: intent.customerId });
    await expect(
      gateway.authenticateSetup(intent.id, intent.clientSecret, true),
    ).rejects.toMatchObject({ status: 409, code: 'payment_intent_unexpected_state' });

    const refusedSetup = await newSetup();
    await save(refusedSetup, TEST_CARDS.authenticates);
    const refused = await gateway.authenticateSetup(
      refusedSetup.id,
      refusedSetup.clientSecret,
      false,
    );
    expect(refused.answer).toEqual({
      status: 'requires_payment_method',
      message:
        'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
    });
    expect(refused.setupIntent.paymentMethod).toBeNull();
  });

  it('answers 404 for a secret that is not the setup intent’s own', async () => {
    const intent = await newSetup();
    const other = await newSetup();
    await expect(
      gateway.confirmSetup(intent.id, card(other, TEST_CARDS.succeeds)),
    ).rejects.toMatchObject({ status: 404, message: 'Card setup not found.' });
    await expect(
      gateway.authenticateSetup(intent.id, other.clientSecret, true),
    ).rejects.toMatchObject({ status: 404 });
  });

  it('saves one card when confirmations arrive together; the others are 409s', async () => {
    const intent = await newSetup();
    await warmPool(6);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 6 }, () => save(intent, TEST_CARDS.succeeds)),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect(outcomes.filter((o) => o.status === 'rejected')).toHaveLength(5);
    const saved = await db
      .knex('localGatewayPaymentMethods')
      .where({ customerId: intent.customerId });
    expect(saved).toHaveLength(1);
  });

  it('detaches a card, and leaves a detached or unknown one alone', async () => {
    const intent = await newSetup();
    const pm = (await save(intent, TEST_CARDS.succeeds)).setupIntent.paymentMethod?.id ?? '';
    await gateway.detachPaymentMethod(pm);
    expect(await ledgerCard(pm)).toMatchObject({ customerId: null });
    await gateway.detachPaymentMethod(pm);
    await gateway.detachPaymentMethod('pm_local_nobody');
    expect(await ledgerCard(pm)).toMatchObject({ customerId: null });
  });
});
