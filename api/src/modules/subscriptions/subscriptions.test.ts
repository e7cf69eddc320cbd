import {
  addMonths,
  createSubscriptionAnswerSchema,
  subscriptionAnswerSchema,
  subscriptionPageSchema,
} from '@twinclean/shared/subscriptions';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../db/seeds/seed';
import { houseBookingInput, memberLookups, testCard } from '../../test/members';
import { signedInClient } from '../../test/people';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';

const db = useTestDatabase();
const { subscription, membershipOf, mails } = memberLookups(() => db.knex);
const api = useTestServer(db, () => ({ trustProxy: true }));

beforeAll(async () => {
  await seedDemoData(db.knex);
});

const card = testCard;

describe('subscribing', () => {
  it('refuses an unknown plan and a senior plan without the declaration, storing nothing', async () => {
    const { id, call } = await signedInClient(db.knex, api.url);
    const unknown = await call('POST', '/api/create-subscription', { subscriptionType: 'gold' });
    expect(unknown.status).toBe(400);
    expect(unknown.json.message).toContain('Please select a valid subscription plan.');
    const senior = await call('POST', '/api/create-subscription', { subscriptionType: 'senior' });
    expect(senior.status).toBe(400);
    expect(senior.json.message).toMatch(/65 or older/);
    expect(await db.knex('subscriptions').where({ userId: id })).toEqual([]);
  });

  it('pays month 1 with the card, saves it as the default, and makes the client a member', async () => {
    const client = await signedInClient(db.knex, api.url);
    const tabs = await Promise.all(
      [1, 2, 3].map(() =>
        client.call('POST', '/api/create-subscription', { subscriptionType: 'standard' }),
      ),
    );
    const answers = tabs.map((t) => createSubscriptionAnswerSchema.parse(t.json));
    // Three tabs at once: one checkout, one intent.
    expect(new Set(answers.map((a) => a.paymentIntentId)).size).toBe(1);
    expect(answers[0]).toMatchObject({ status: 'incomplete', amount: '99.99', gateway: 'local' });
    const first = answers[0] as (typeof answers)[number];
    expect(await membershipOf(client.id)).toBe('none');

    const declined = await client.call(
      'POST',
      `/api/local-gateway/intents/${first.paymentIntentId}/confirm`,
      { clientSecret: first.clientSecret, ...card('4000000000000002') },
    );
    expect(declined.json).toMatchObject({ message: 'Your card was declined.' });
    const refused = await client.call(
      'POST',
      `/api/subscriptions/${first.subscriptionId}/record-payment`,
      { paymentIntentId: first.paymentIntentId },
    );
    expect(refused).toMatchObject({ status: 402, json: { message: 'Your card was declined.' } });
    expect(await subscription(first.subscriptionId)).toMatchObject({ status: 'incomplete' });

    await client.call('POST', `/api/local-gateway/intents/${first.paymentIntentId}/confirm`, {
      clientSecret: first.clientSecret,
      ...card('4242424242424242'),
    });
    const recorded = subscriptionAnswerSchema.parse(
      (
        await client.call('POST', `/api/subscriptions/${first.subscriptionId}/record-payment`, {
          paymentIntentId: first.paymentIntentId,
        })
      ).json,
    );
    expect(recorded.message).toBe('Subscription Activated!');
    expect(recorded.subscription).toMatchObject({
      plan: 'standard',
      status: 'active',
      paidMonths: 1,
      card: { brand: 'visa', last4: '4242' },
      cancelTerms: { fee: '100.00', immediate: true },
    });
    const sub = await subscription(first.subscriptionId);
    expect(sub.currentPeriodEnd).toEqual(addMonths(sub.billingAnchorAt, 1));
    expect(sub.minimumTermEndsAt).toEqual(addMonths(sub.billingAnchorAt, 3));
    expect(await membershipOf(client.id)).toBe('standard');
    const cards = await db.knex('paymentMethods').where({ userId: client.id });
    expect(cards).toMatchObject([{ last4: '4242', isDefault: true }]);
    const payments = await db.knex('payments').where({ subscriptionId: first.subscriptionId });
    expect(payments).toMatchObject([
      { kind: 'subscription', amountCents: 9999, status: 'succeeded' },
    ]);
    expect(await mails(client.email, 'subscription_activated')).toHaveLength(1);

    // Spec 2 §4: asking again answers the active subscription: already subscribed.
    const again = await client.call('POST', '/api/create-subscription', {
      subscriptionType: 'senior',
      seniorDeclaration: true,
    });
    expect(again.json).toMatchObject({ status: 'active', clientSecret: null });
    const page = subscriptionPageSchema.parse((await client.call('GET', '/api/subscription')).json);
    expect(page.subscription?.id).toBe(first.subscriptionId);
    expect(page.plans).toEqual([
      { plan: 'standard', price: '99.99' },
      { plan: 'senior', price: '50.00' },
    ]);
  });

  it('drops an unpaid checkout when the client picks another plan; its card form can no longer pay', async () => {
    const client = await signedInClient(db.knex, api.url);
    const standard = createSubscriptionAnswerSchema.parse(
      (await client.call('POST', '/api/create-subscription', { subscriptionType: 'standard' }))
        .json,
    );
    const senior = createSubscriptionAnswerSchema.parse(
      (
        await client.call('POST', '/api/create-subscription', {
          subscriptionType: 'senior',
          seniorDeclaration: true,
        })
      ).json,
    );
    expect(senior).toMatchObject({ amount: '50.00', status: 'incomplete' });
    expect(senior.subscriptionId).not.toBe(standard.subscriptionId);
    expect(await subscription(standard.subscriptionId)).toMatchObject({ status: 'canceled' });
    const stale = await client.call(
      'POST',
      `/api/local-gateway/intents/${standard.paymentIntentId}/confirm`,
      { clientSecret: standard.clientSecret, ...card('4242424242424242') },
    );
    expect(stale.status).toBe(409);
    const row = await subscription(senior.subscriptionId);
    expect(row).toMatchObject({ plan: 'senior' });
    expect(row.seniorDeclaredAt).toBeInstanceOf(Date);
  });

  it('books at the member rate with no deposit; a booking made before keeps its price', async () => {
    const client = await signedInClient(db.knex, api.url);
    const before = await client.call('POST', '/api/bookings', houseBookingInput(client.email));
    expect(before.status).toBe(201);
    const sub = await (async () => {
      const created = createSubscriptionAnswerSchema.parse(
        (await client.call('POST', '/api/create-subscription', { subscriptionType: 'standard' }))
          .json,
      );
      await client.call('POST', `/api/local-gateway/intents/${created.paymentIntentId}/confirm`, {
        clientSecret: created.clientSecret,
        ...card('4242424242424242'),
      });
      return created.subscriptionId;
    })();
    // The card form reported it: the client is a member without the browser's record call.
    expect(await subscription(sub)).toMatchObject({ status: 'active' });
    const after = await client.call('POST', '/api/bookings', houseBookingInput(client.email));
    expect(after.status).toBe(201);
    const rows = await db
      .knex('bookings')
      .whereIn('id', [before.json.id, after.json.id])
      .orderBy('createdAt');
    expect(
      rows.map((r) => [r.subscriptionType, r.hourlyRateCents, r.depositAmountCents > 0]),
    ).toEqual([
      ['none', 4500, true],
      ['standard', 2500, false],
    ]);
  });
});
