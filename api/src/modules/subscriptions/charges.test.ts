import { subscriptionAnswerSchema, subscriptionPageSchema } from '@twinclean/shared/subscriptions';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../db/seeds/seed';
import { paymentDepsOf } from '../../app';
import { bookingRow } from '../../test/fixtures';
import { memberLookups, newMember, switchCard } from '../../test/members';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';
import { renew } from './renewals';
import { chargeVisit, sweepVisitCharges } from './visit-charges';

const db = useTestDatabase();
const { subscription, membershipOf, mails } = memberLookups(() => db.knex);
const api = useTestServer(db, () => ({ trustProxy: true }));
const HOUR = 3_600_000;
const MINUTE = 60_000;

beforeAll(async () => {
  await seedDemoData(db.knex);
});

const deps = () => paymentDepsOf(api.deps);

/** A visit booked at the member rate by `clientId`, `hours` ahead ($50, nothing paid). */
async function memberVisit(clientId: string, email: string, hours: number) {
  const [row] = await db
    .knex('bookings')
    .insert(
      bookingRow(new Date(Date.now() + hours * HOUR), {
        clientId,
        clientEmail: email,
        subscriptionType: 'standard',
        hourlyRateCents: 2500,
        baseAmountCents: 5000,
        totalAmountCents: 5000,
        depositAmountCents: 0,
      }),
    )
    .returning('id');
  return row.id as string;
}
const booking = (id: string) => db.knex('bookings').where({ id }).first();

describe("members' visit charges", () => {
  it('charges the saved card 12 hours ahead, exactly once with two workers and a restart', async () => {
    const m = await newMember(db.knex, api.url);
    const soon = await memberVisit(m.id, m.email, 11);
    const later = await memberVisit(m.id, m.email, 13);
    const now = new Date();
    const outcomes = await Promise.all([
      chargeVisit(deps(), soon, now),
      chargeVisit(deps(), soon, now),
    ]);
    expect(outcomes.filter(Boolean)).toEqual(['charged']);
    expect(await chargeVisit(deps(), later, now)).toBeNull();
    expect(await booking(soon)).toMatchObject({ amountPaidCents: 5000 });
    expect(await db.knex('payments').where({ bookingId: soon })).toMatchObject([
      { kind: 'full', amountCents: 5000, status: 'succeeded', cardLast4: '4242' },
    ]);
    expect(await mails(m.email, 'payment_receipt')).toHaveLength(1);
    // A worker that claimed it and died would be taken over after the lease; paid, it is done.
    await db
      .knex('bookings')
      .where({ id: soon })
      .update({ visitChargeClaimedAt: new Date(0) });
    expect(await chargeVisit(deps(), soon, new Date(now.getTime() + 20 * MINUTE))).toBeNull();
    // An hour later the other visit is 12 h ahead, and the sweep charges it.
    await sweepVisitCharges(deps(), new Date(now.getTime() + 1.5 * HOUR));
    expect(await booking(later)).toMatchObject({ amountPaidCents: 5000 });
  });

  it('a takeover after a crash repeats the same charge rather than a second one', async () => {
    const m = await newMember(db.knex, api.url);
    const visit = await memberVisit(m.id, m.email, 6);
    const now = new Date();
    await db.knex('bookings').where({ id: visit }).update({ visitChargeClaimedAt: now });
    const user = await db.knex('users').where({ id: m.id }).first();
    const card = await db.knex('paymentMethods').where({ userId: m.id, isDefault: true }).first();
    const charged = await api.deps.payments.chargeSavedCard({
      customerId: user.gatewayCustomerId,
      paymentMethodId: card.gatewayPaymentMethodId,
      amountCents: 5000,
      description: 'crashed before recording',
      metadata: { bookingId: visit, option: 'full' },
      idempotencyKey: `visit:${visit}:5000`,
    });
    expect(await chargeVisit(deps(), visit, new Date(now.getTime() + 5 * MINUTE))).toBeNull();
    expect(await chargeVisit(deps(), visit, new Date(now.getTime() + 11 * MINUTE))).toBe('charged');
    expect(await db.knex('payments').where({ bookingId: visit })).toMatchObject([
      { gatewayPaymentId: charged.id, amountCents: 5000 },
    ]);
  });

  it('a refused card e-mails a pay link instead, once', async () => {
    const m = await newMember(db.knex, api.url);
    await switchCard(db.knex, m.id, '4000000000000341');
    const visit = await memberVisit(m.id, m.email, 10);
    expect(await chargeVisit(deps(), visit, new Date())).toBe('failed');
    expect(await sweepVisitCharges(deps(), new Date(Date.now() + HOUR))).not.toContain('failed');
    expect(await booking(visit)).toMatchObject({ amountPaidCents: 0 });
    const [mail, ...others] = await mails(m.email, 'visit_charge_failed');
    expect(others).toEqual([]);
    expect(mail.textBody).toContain('Your card was declined.');
    expect(mail.textBody).toMatch(/\/pay\/[\w-]{43}/);
    expect(await db.knex('paymentLinks').where({ bookingId: visit, purpose: 'full' })).toHaveLength(
      1,
    );
  });
});

describe('canceling a membership', () => {
  it('inside the minimum term: states the fee first, charges it once, ends the membership now', async () => {
    const m = await newMember(db.knex, api.url);
    const page = subscriptionPageSchema.parse((await m.call('GET', '/api/subscription')).json);
    expect(page.subscription?.cancelTerms).toMatchObject({ fee: '100.00', immediate: true });
    const answers = await Promise.all(
      [1, 2, 3].map(() => m.call('POST', `/api/subscriptions/${m.subscriptionId}/cancel`)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    const ok = subscriptionAnswerSchema.parse(answers.find((a) => a.status === 200)?.json);
    expect(ok.subscription).toMatchObject({ status: 'canceled', cancelTerms: null });
    expect(
      await db
        .knex('payments')
        .where({ subscriptionId: m.subscriptionId, kind: 'early_cancel_fee' }),
    ).toMatchObject([{ amountCents: 10000, status: 'succeeded', cardLast4: '4242' }]);
    expect(await subscription(m.subscriptionId)).toMatchObject({ cancelFeeCents: 10000 });
    expect(await membershipOf(m.id)).toBe('none');
    const [mail] = await mails(m.email, 'subscription_canceled');
    expect(mail.textBody).toContain('$100.00 early-cancellation fee');
  });

  it("keeps a member's last saved card: their renewals and visits are charged to it", async () => {
    const m = await newMember(db.knex, api.url);
    const [only] = await db.knex('paymentMethods').where({ userId: m.id });
    const refused = await m.call('DELETE', `/api/payment-methods/${only.id}`);
    expect(refused).toMatchObject({ status: 409, json: { code: 'card_in_use' } });
    expect(await db.knex('paymentMethods').where({ userId: m.id })).toHaveLength(1);
    await switchCard(db.knex, m.id, '4242424242424242');
    expect((await m.call('DELETE', `/api/payment-methods/${only.id}`)).status).toBe(200);
  });

  it('a refused fee changes nothing', async () => {
    const m = await newMember(db.knex, api.url);
    await switchCard(db.knex, m.id, '4000000000000341');
    const refused = await m.call('POST', `/api/subscriptions/${m.subscriptionId}/cancel`);
    expect(refused).toMatchObject({ status: 402, json: { message: 'Your card was declined.' } });
    expect(await subscription(m.subscriptionId)).toMatchObject({
      status: 'active',
      canceledAt: null,
    });
    expect(await membershipOf(m.id)).toBe('standard');
  });

  it('after the minimum term: no fee, the membership lasts to the period end and then ends', async () => {
    const m = await newMember(db.knex, api.url);
    for (const month of [2, 3]) {
      const sub = await subscription(m.subscriptionId);
      expect(
        await renew(deps(), m.subscriptionId, new Date(sub.nextChargeAt.getTime() + MINUTE)),
      ).toBe('renewed');
      expect(await subscription(m.subscriptionId)).toMatchObject({ paidMonths: month });
    }
    const page = subscriptionPageSchema.parse((await m.call('GET', '/api/subscription')).json);
    expect(page.subscription?.cancelTerms).toMatchObject({ fee: '0.00', immediate: false });
    const canceled = await m.call('POST', `/api/subscriptions/${m.subscriptionId}/cancel`);
    expect(canceled.json.subscription).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    expect(await membershipOf(m.id)).toBe('standard');
    expect(
      await db
        .knex('payments')
        .where({ subscriptionId: m.subscriptionId, kind: 'early_cancel_fee' }),
    ).toEqual([]);
    const end = (await subscription(m.subscriptionId)).currentPeriodEnd as Date;
    expect(await renew(deps(), m.subscriptionId, new Date(end.getTime() + MINUTE))).toBe('ended');
    expect(await subscription(m.subscriptionId)).toMatchObject({
      status: 'canceled',
      paidMonths: 3,
    });
    expect(await membershipOf(m.id)).toBe('none');
    expect(await db.knex('payments').where({ subscriptionId: m.subscriptionId })).toHaveLength(3);
  });
});
