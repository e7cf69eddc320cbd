import { addMonths } from '@twinclean/shared/subscriptions';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../db/seeds/seed';
import { localGateway } from '../../adapters/payments/local-gateway';
import { paymentDepsOf } from '../../app';
import { memberLookups, newMember, switchCard } from '../../test/members';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';
import { renew, sweepRenewals } from './renewals';

const db = useTestDatabase();
const { subscription, membershipOf, mails } = memberLookups(() => db.knex);
const api = useTestServer(db, () => ({ trustProxy: true }));
const DAY = 86_400_000;
const MINUTE = 60_000;

beforeAll(async () => {
  await seedDemoData(db.knex);
});

const deps = () => paymentDepsOf(api.deps);
const renewals = (subscriptionId: string) =>
  db.knex('payments').where({ subscriptionId, kind: 'subscription' }).orderBy('createdAt');
/** Only this test's membership is due: the sweep runs for it alone (others' are not due yet). */
const periodEnd = async (id: string) => (await subscription(id)).currentPeriodEnd as Date;
const at = (base: Date, ms: number) => new Date(base.getTime() + ms);

describe('renewal', () => {
  it('charges month 2 at the period end, once, even with two workers sweeping at once', async () => {
    const m = await newMember(db.knex, api.url);
    const end = await periodEnd(m.subscriptionId);
    expect(await renew(deps(), m.subscriptionId, at(end, -MINUTE))).toBeNull();

    const outcomes = await Promise.all([
      renew(deps(), m.subscriptionId, at(end, MINUTE)),
      renew(deps(), m.subscriptionId, at(end, MINUTE)),
    ]);
    expect(outcomes.filter(Boolean)).toEqual(['renewed']);
    const sub = await subscription(m.subscriptionId);
    expect(sub).toMatchObject({ status: 'active', paidMonths: 2, failedAttempts: 0 });
    // Periods stay whole months from the anchor, not from when the sweep ran.
    expect(sub.currentPeriodEnd).toEqual(addMonths(sub.billingAnchorAt, 2));
    expect(await renewals(m.subscriptionId)).toMatchObject([
      { status: 'succeeded', amountCents: 9999 },
      { status: 'succeeded', amountCents: 9999, cardLast4: '4242' },
    ]);
    expect(await mails(m.email, 'subscription_renewed')).toHaveLength(1);
    expect(await renew(deps(), m.subscriptionId, at(end, 2 * MINUTE))).toBeNull();
  });

  it('a worker that died mid-charge is taken over after the lease, and the card is charged once', async () => {
    const m = await newMember(db.knex, api.url);
    const end = await periodEnd(m.subscriptionId);
    const crashedAt = at(end, MINUTE);
    // The first worker claimed the renewal and charged the card, then died before recording it.
    await db
      .knex('subscriptions')
      .where({ id: m.subscriptionId })
      .update({ chargeClaimedAt: crashedAt });
    const user = await db.knex('users').where({ id: m.id }).first();
    const card = await db.knex('paymentMethods').where({ userId: m.id, isDefault: true }).first();
    const charged = await localGateway(db.knex).chargeSavedCard({
      customerId: user.gatewayCustomerId,
      paymentMethodId: card.gatewayPaymentMethodId,
      amountCents: 9999,
      description: 'month 2',
      metadata: { subscriptionId: m.subscriptionId, kind: 'subscription', month: '2' },
      idempotencyKey: `renewal:${m.subscriptionId}:2:0`,
    });
    // Still inside its lease: nobody else touches it.
    expect(await renew(deps(), m.subscriptionId, at(crashedAt, 5 * MINUTE))).toBeNull();
    expect(await renew(deps(), m.subscriptionId, at(crashedAt, 11 * MINUTE))).toBe('renewed');
    const rows = await renewals(m.subscriptionId);
    expect(rows).toHaveLength(2);
    expect(rows[1]?.gatewayPaymentId).toBe(charged.id);
    expect(
      await db
        .knex('localGatewayIntents')
        .where({ idempotencyKey: `renewal:${m.subscriptionId}:2:0` }),
    ).toHaveLength(1);
  });

  it('retries a failed renewal 1, 3 and 7 days later, then cancels; the member rate holds meanwhile', async () => {
    const m = await newMember(db.knex, api.url);
    await switchCard(db.knex, m.id, '4000000000000341');
    const end = await periodEnd(m.subscriptionId);
    const steps: [number, string, number | null][] = [
      [0, 'retrying', 1],
      [1, 'retrying', 3],
      [3, 'retrying', 7],
      [7, 'canceled', null],
    ];
    for (const [day, outcome, nextDay] of steps) {
      // Not due yet a minute before the retry.
      if (day > 0)
        expect(await renew(deps(), m.subscriptionId, at(end, day * DAY - MINUTE))).toBeNull();
      expect(await renew(deps(), m.subscriptionId, at(end, day * DAY + MINUTE))).toBe(outcome);
      const sub = await subscription(m.subscriptionId);
      expect(sub.nextChargeAt).toEqual(nextDay === null ? null : at(end, nextDay * DAY));
      expect(await membershipOf(m.id)).toBe(nextDay === null ? 'none' : 'standard');
    }
    expect(await subscription(m.subscriptionId)).toMatchObject({
      status: 'canceled',
      failedAttempts: 4,
      lastFailureMessage: 'Your card was declined.',
    });
    const failed = await renewals(m.subscriptionId);
    expect(failed.map((p) => p.status)).toEqual([
      'succeeded',
      'failed',
      'failed',
      'failed',
      'failed',
    ]);
    expect(await mails(m.email, 'subscription_renewal_failed')).toHaveLength(4);
    expect(await renew(deps(), m.subscriptionId, at(end, 30 * DAY))).toBeNull();
  });

  it('a retry that succeeds keeps the billing dates', async () => {
    const m = await newMember(db.knex, api.url);
    await switchCard(db.knex, m.id, '4000000000000341');
    const end = await periodEnd(m.subscriptionId);
    expect(await renew(deps(), m.subscriptionId, at(end, MINUTE))).toBe('retrying');
    expect(await subscription(m.subscriptionId)).toMatchObject({ status: 'past_due' });
    await switchCard(db.knex, m.id, '4242424242424242');
    expect(await renew(deps(), m.subscriptionId, at(end, DAY + MINUTE))).toBe('renewed');
    const sub = await subscription(m.subscriptionId);
    expect(sub).toMatchObject({ status: 'active', paidMonths: 2, failedAttempts: 0 });
    expect(sub.currentPeriodStart).toEqual(end);
    expect(sub.nextChargeAt).toEqual(addMonths(sub.billingAnchorAt, 2));
  });

  it('the sweep renews every membership due and leaves the rest', async () => {
    const due = await newMember(db.knex, api.url);
    const notYet = await newMember(db.knex, api.url, 'senior');
    const end = await periodEnd(due.subscriptionId);
    await db
      .knex('subscriptions')
      .where({ id: notYet.subscriptionId })
      .update({ nextChargeAt: at(end, DAY), currentPeriodEnd: at(end, DAY) });
    await sweepRenewals(deps(), at(end, MINUTE));
    expect(await subscription(due.subscriptionId)).toMatchObject({ paidMonths: 2 });
    expect(await subscription(notYet.subscriptionId)).toMatchObject({ paidMonths: 1 });
  });
});
