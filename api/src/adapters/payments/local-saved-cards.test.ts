import { randomUUID } from 'node:crypto';
import {
  LOCAL_DECLINE_MESSAGE,
  localCardSchema,
  TEST_CARDS,
} from '@twinclean/shared/local-gateway';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/test-database';
import { type LocalGateway, localGateway } from './local-gateway';

// The LocalGateway's saved cards in payments, as Stripe's: an intent with a customer and
// saveCard keeps the card that paid it, and a saved card is charged while its holder is away.

const db = useTestDatabase();
let gateway: LocalGateway;
beforeAll(() => {
  gateway = localGateway(db.knex);
});

const customerId = () => `cus_local_${randomUUID()}`;
const card = (clientSecret: string, cardNumber: string) =>
  localCardSchema.parse({ clientSecret, cardNumber, expiry: '12/34', cvc: '123' });

/** A card saved on `customer` by paying an intent that saves it; its gateway id. */
async function savedBy(customer: string, cardNumber: string) {
  const intent = await gateway.createIntent({
    amountCents: 9_999,
    description: 'month 1',
    metadata: { subscriptionId: 's-1' },
    idempotencyKey: randomUUID(),
    customerId: customer,
    saveCard: true,
  });
  return gateway.confirm(intent.id, card(intent.clientSecret, cardNumber));
}

const charge = (customer: string, paymentMethodId: string, idempotencyKey = randomUUID()) =>
  gateway.chargeSavedCard({
    customerId: customer,
    paymentMethodId,
    amountCents: 5_000,
    description: 'visit',
    metadata: { bookingId: 'b-1', option: 'full' },
    idempotencyKey,
  });

describe('saving the card that pays', () => {
  it('keeps the card on the customer once the payment succeeds, and shows it on the intent', async () => {
    const customer = customerId();
    const { intent } = await savedBy(customer, TEST_CARDS.succeeds);
    expect(intent.paymentMethod).toMatchObject({
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2034,
    });
    expect(await gateway.retrieveIntent(intent.id)).toEqual(intent);
    const stored = await db
      .knex('localGatewayPaymentMethods')
      .where({ id: intent.paymentMethod?.id })
      .first();
    expect(stored.customerId).toBe(customer);
  });

  it('saves no card for a declined payment, nor before the extra step is approved', async () => {
    const customer = customerId();
    const declined = await savedBy(customer, TEST_CARDS.declines);
    expect(declined.intent.paymentMethod).toBeNull();
    const waiting = await savedBy(customer, TEST_CARDS.authenticates);
    expect(waiting.intent).toMatchObject({ status: 'requires_action', paymentMethod: null });
    expect(await db.knex('localGatewayPaymentMethods').where({ customerId: customer })).toEqual([]);
    const approved = await gateway.authenticate(
      waiting.intent.id,
      waiting.intent.clientSecret,
      true,
    );
    expect(approved.intent.paymentMethod).toMatchObject({ last4: '3155' });
  });

  it('a payment without saveCard keeps no card', async () => {
    const intent = await gateway.createIntent({
      amountCents: 1_000,
      description: 'one-off',
      metadata: {},
      idempotencyKey: randomUUID(),
      customerId: customerId(),
    });
    const { intent: paid } = await gateway.confirm(
      intent.id,
      card(intent.clientSecret, TEST_CARDS.succeeds),
    );
    expect(paid).toMatchObject({ status: 'succeeded', paymentMethod: null });
  });
});

describe('charging a saved card', () => {
  it('succeeds once per idempotency key, with the card that paid', async () => {
    const customer = customerId();
    const { intent } = await savedBy(customer, TEST_CARDS.succeeds);
    const pm = intent.paymentMethod?.id as string;
    const key = randomUUID();
    const [a, b] = await Promise.all([charge(customer, pm, key), charge(customer, pm, key)]);
    expect(a).toEqual(b);
    expect(a).toMatchObject({ status: 'succeeded', amountCents: 5_000, cardLast4: '4242' });
    expect(await db.knex('localGatewayIntents').where({ idempotencyKey: key })).toHaveLength(1);
  });

  it('declines, without throwing, the card that saves but cannot be charged, and a card not on the customer', async () => {
    const customer = customerId();
    const setup = await gateway.createSetupIntent({
      customerId: customer,
      idempotencyKey: randomUUID(),
    });
    const saved = await gateway.confirmSetup(
      setup.id,
      card(setup.clientSecret, TEST_CARDS.declinesOnceSaved),
    );
    expect(saved.answer.status).toBe('succeeded');
    const pm = saved.setupIntent.paymentMethod?.id as string;
    expect(await charge(customer, pm)).toMatchObject({
      status: 'requires_payment_method',
      failureMessage: LOCAL_DECLINE_MESSAGE,
      cardLast4: null,
    });
    const stranger = await charge(customerId(), pm);
    expect(stranger.status).toBe('requires_payment_method');
    await gateway.detachPaymentMethod(pm);
    expect((await charge(customer, pm)).status).toBe('requires_payment_method');
  });

  it('refuses a repeated key with another amount', async () => {
    const customer = customerId();
    const { intent } = await savedBy(customer, TEST_CARDS.succeeds);
    const key = randomUUID();
    await charge(customer, intent.paymentMethod?.id as string, key);
    await expect(
      gateway.chargeSavedCard({
        customerId: customer,
        paymentMethodId: intent.paymentMethod?.id as string,
        amountCents: 6_000,
        description: 'visit',
        metadata: {},
        idempotencyKey: key,
      }),
    ).rejects.toMatchObject({ status: 409 });
  });
});
