import { describe, expect, it } from 'vitest';
import { Booking } from '../../src/models/booking';
import type { Payout } from '../../src/models/payout';
import { User } from '../../src/models/user';
import { useTestDatabase } from '../../src/test/test-database';
import { demoAccounts } from './demo-accounts';
import { DEMO_REFERRAL_CODE } from './demo-referrals';
import { seedDemoData } from './seed';

const db = useTestDatabase();
const now = new Date('2026-11-22T15:00:00Z');

async function counts() {
  const tables = [
    'users',
    'bookings',
    'bookingAddOns',
    'providerEvents',
    'payouts',
    'payments',
    'availabilitySlots',
    'addOns',
    'subscriptions',
    'referralLinks',
    'referrals',
    'creditEntries',
  ];
  const result: Record<string, number> = {};
  for (const table of tables) {
    const row = await db.knex(table).count({ n: '*' }).first();
    result[table] = Number(row?.n);
  }
  return result;
}

describe('demo seed', () => {
  it('creates every role, the 11 add-ons, and bookings in every state', async () => {
    await seedDemoData(db.knex, now);
    const roles = (await User.query().select('role', 'subscriptionType')).map(
      (u) => `${u.role}/${u.subscriptionType}`,
    );
    expect(new Set(roles)).toEqual(
      new Set([
        'client/none',
        'client/standard',
        'client/senior',
        'provider/none',
        'admin_owner/none',
        'admin_staff/none',
      ]),
    );
    expect((await counts()).addOns).toBe(11);

    const bookings = await Booking.query();
    const statuses = new Set(bookings.map((b) => b.status));
    for (const status of [
      'pending_assignment',
      'assigned',
      'pending_deposit',
      'deposit_paid',
      'in_progress',
      'completed',
      'canceled',
    ]) {
      expect(statuses, status).toContain(status);
    }
    expect(new Set(bookings.map((b) => b.serviceType))).toEqual(
      new Set(['house', 'carpet', 'laundry', 'dry_cleaning']),
    );
    expect(
      bookings.every((b) => ['Minneapolis', 'St Paul'].includes(b.city) && b.state === 'MN'),
    ).toBe(true);
  });

  it('leaves open jobs on the job board and both providers with availability', async () => {
    const open = await Booking.query().modify('openJobs', now);
    expect(open.length).toBeGreaterThanOrEqual(5);
    for (const provider of [demoAccounts.provider, demoAccounts.provider2]) {
      const slots = await db
        .knex('availabilitySlots')
        .where({ providerId: provider.id, isActive: true });
      expect(slots.length, provider.email).toBeGreaterThan(0);
    }
  });

  it('gives every completed job a payout matching its clock times, some paid', async () => {
    const completed = await Booking.query().whereNotNull('clockOutAt').withGraphFetched('payout');
    expect(completed.length).toBeGreaterThanOrEqual(3);
    for (const booking of completed) {
      const payout = booking.payout as Payout;
      const hours =
        ((booking.clockOutAt as Date).getTime() - (booking.clockInAt as Date).getTime()) /
        3_600_000;
      expect(payout.hoursWorked).toBeCloseTo(hours, 2);
      expect(payout.totalAmountCents).toBe(payout.baseAmountCents + payout.waitPayCents);
    }
    expect(new Set(completed.map((b) => b.payout?.status))).toEqual(new Set(['paid', 'pending']));
  });

  it('stores the server-computed prices: 40% deposits for pay-as-you-go, none for subscribers', async () => {
    const house = await Booking.query().where('serviceType', 'house');
    for (const b of house) {
      expect(b.totalAmountCents).toBe(
        b.baseAmountCents + b.addOnsTotalCents + b.greenCleaningFeeCents,
      );
      const expectedDeposit =
        b.subscriptionType === 'none' ? Math.round(b.totalAmountCents * 0.4) : 0;
      expect(b.depositAmountCents, b.id).toBe(expectedDeposit);
      expect(b.hourlyRateCents).toBe(b.subscriptionType === 'none' ? 4500 : 2500);
    }
  });

  it('backs every demo card payment with a LocalGateway intent, so a demo payment can be refunded', async () => {
    const payments: { gatewayPaymentId: string; amountCents: number }[] = await db
      .knex('payments')
      .where({ gateway: 'local' });
    expect(payments.length).toBeGreaterThan(0);
    const intents = await db
      .knex('localGatewayIntents')
      .whereIn(
        'id',
        payments.map((p) => p.gatewayPaymentId),
      )
      .select('id', 'amountCents', 'status');
    expect(new Map(intents.map((i) => [i.id, [i.amountCents, i.status]]))).toEqual(
      new Map(payments.map((p) => [p.gatewayPaymentId, [p.amountCents, 'succeeded']])),
    );
  });

  it('gives the demo client a referral link, a friend waiting for her visit and one refused', async () => {
    const jordan = demoAccounts.client.id;
    expect(await db.knex('referralLinks').where({ userId: jordan })).toMatchObject([
      { code: DEMO_REFERRAL_CODE },
    ]);
    const referrals = await db.knex('referrals').where({ referrerId: jordan }).orderBy('id');
    expect(referrals).toMatchObject([{ refusedReason: null }, { refusedReason: 'same_address' }]);
    // The demo client's own balance stays nothing: their bookings cost what the demo says.
    expect(await db.knex('creditEntries').where({ clientId: jordan })).toEqual([]);
    expect(
      await db.knex('creditEntries').where({ clientId: referrals[0].referredId }),
    ).toMatchObject([{ kind: 'referral_welcome', amountCents: 2000 }]);
  });

  it('is idempotent: a second run adds nothing', async () => {
    const before = await counts();
    await seedDemoData(db.knex, new Date(now.getTime() + 86_400_000));
    expect(await counts()).toEqual(before);
  });
});
