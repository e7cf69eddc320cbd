import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../src/test/test-database';

const db = useTestDatabase();

const booking = {
  serviceType: 'house',
  clientFirstName: 'Ada',
  clientLastName: 'Lovelace',
  clientEmail: 'ada@example.com',
  clientPhone: '612-555-0100',
  address: '2418 Bryant Ave S',
  city: 'Minneapolis',
  state: 'MN',
  zipCode: '55405',
  scheduledDate: '2026-12-01',
  scheduledTime: '09:00',
  scheduledAt: new Date('2026-12-01T15:00:00Z'),
  subscriptionType: 'none',
  baseHours: 3,
  totalHours: 3,
  hourlyRateCents: 4500,
  baseAmountCents: 13500,
  totalAmountCents: 13500,
  depositAmountCents: 5400,
  priceIsFinal: true,
};

async function provider(email: string): Promise<string> {
  const [row] = await db
    .knex('users')
    .insert({ email, firstName: 'P', lastName: 'R', role: 'provider' })
    .returning('id');
  return row.id;
}

describe('the schema refuses impossible facts', () => {
  it('accepts a valid booking', async () => {
    await expect(db.knex('bookings').insert(booking)).resolves.toBeDefined();
  });

  it('refuses totals that do not add up, clock-out without clock-in, and work without a provider', async () => {
    await expect(
      db.knex('bookings').insert({ ...booking, totalAmountCents: 99999 }),
    ).rejects.toThrow(/bookings_total/);
    await expect(
      db.knex('bookings').insert({ ...booking, clockOutAt: new Date() }),
    ).rejects.toThrow(/bookings_clock_out_after_in/);
    await expect(db.knex('bookings').insert({ ...booking, clockInAt: new Date() })).rejects.toThrow(
      /bookings_work_needs_provider/,
    );
    await expect(
      db.knex('bookings').insert({ ...booking, canceledAt: new Date() }),
    ).rejects.toThrow(/bookings_cancellation_reason/);
    await expect(db.knex('bookings').insert({ ...booking, zipCode: '5540' })).rejects.toThrow(
      /bookings_zip_code/,
    );
  });

  it('keeps a punch id unique forever, so a replay cannot apply twice', async () => {
    const providerId = await provider('punch@example.com');
    const [b] = await db
      .knex('bookings')
      .insert({ ...booking, providerId, assignedAt: new Date() })
      .returning('id');
    const punch = {
      clientEventId: '6f1c2b9e-8a4d-4c3b-9f00-1234567890ab',
      providerId,
      bookingId: b.id,
      type: 'clock_in',
      occurredAt: new Date(),
      responseStatus: 200,
      responseBody: JSON.stringify({ ok: true }),
    };
    await db.knex('providerEvents').insert(punch);
    await expect(db.knex('providerEvents').insert(punch)).rejects.toThrow(/unique/i);
    const inserted = await db
      .knex('providerEvents')
      .insert(punch)
      .onConflict('clientEventId')
      .ignore()
      .returning('id');
    expect(inserted).toEqual([]);
  });

  it('allows one payout per booking and one live subscription per client', async () => {
    const providerId = await provider('payout@example.com');
    const [b] = await db
      .knex('bookings')
      .insert({ ...booking, providerId, assignedAt: new Date() })
      .returning('id');
    const payout = {
      providerId,
      bookingId: b.id,
      hoursWorked: 3,
      hoursPaid: 3,
      hourlyRateCents: 2500,
      baseAmountCents: 7500,
      totalAmountCents: 7500,
      geofenceVerified: true,
    };
    await db.knex('payouts').insert(payout);
    await expect(db.knex('payouts').insert(payout)).rejects.toThrow(/unique/i);
    await expect(
      db.knex('payouts').insert({ ...payout, bookingId: undefined, totalAmountCents: 1 }),
    ).rejects.toThrow();

    const [client] = await db
      .knex('users')
      .insert({ email: 'sub@example.com', firstName: 'S', lastName: 'C' })
      .returning('id');
    const sub = {
      userId: client.id,
      plan: 'standard',
      status: 'active',
      gateway: 'local',
      priceCents: 9999,
      billingAnchorAt: new Date(),
      paidMonths: 1,
      currentPeriodEnd: new Date(),
      minimumTermEndsAt: new Date(),
    };
    // Each refused for its own rule: a live membership never paid, a senior plan undeclared.
    await expect(db.knex('subscriptions').insert({ ...sub, paidMonths: 0 })).rejects.toThrow(
      /subscriptions_paid_when_live/,
    );
    await expect(
      db.knex('subscriptions').insert({ ...sub, billingAnchorAt: null }),
    ).rejects.toThrow(/subscriptions_paid_when_live/);
    await expect(db.knex('subscriptions').insert({ ...sub, plan: 'senior' })).rejects.toThrow(
      /subscriptions_senior_declared/,
    );
    const [first] = await db.knex('subscriptions').insert(sub).returning('id');
    await expect(db.knex('subscriptions').insert(sub)).rejects.toThrow(/subscriptions_one_live/);
    // A membership's fee belongs to the membership, never to a booking.
    const fee = {
      userId: client.id,
      gateway: 'local',
      gatewayPaymentId: 'pi_fee',
      kind: 'early_cancel_fee',
      amountCents: 10000,
      status: 'succeeded',
    };
    await expect(db.knex('payments').insert({ ...fee, bookingId: b.id })).rejects.toThrow(
      /payments_subject/,
    );
    await db.knex('payments').insert({ ...fee, subscriptionId: first.id });
  });

  it('pays no more hours than were worked, and explains any hours left unpaid', async () => {
    const providerId = await provider('capped@example.com');
    const [b] = await db
      .knex('bookings')
      .insert({ ...booking, providerId, assignedAt: new Date() })
      .returning('id');
    const payout = {
      providerId,
      bookingId: b.id,
      hoursWorked: 6,
      hoursPaid: 4,
      hourlyRateCents: 2500,
      baseAmountCents: 10000,
      totalAmountCents: 10000,
      geofenceVerified: true,
    };
    await expect(
      db.knex('payouts').insert({
        ...payout,
        hoursPaid: 7,
        reviewReason: 'More than worked',
        baseAmountCents: 17500,
        totalAmountCents: 17500,
      }),
    ).rejects.toThrow(/payouts_hours_paid/);
    await expect(db.knex('payouts').insert(payout)).rejects.toThrow(
      /payouts_unpaid_hours_reviewed/,
    );
    await expect(
      db.knex('payouts').insert({
        ...payout,
        reviewReason: 'Capped',
        baseAmountCents: 15000,
        totalAmountCents: 15000,
      }),
    ).rejects.toThrow(/payouts_base_pays_hours_or_share/);
    await expect(
      db.knex('payouts').insert({ ...payout, reviewReason: 'Capped' }),
    ).resolves.toBeDefined();
  });

  it('pays a fixed-price job its share of the price, and says so', async () => {
    const providerId = await provider('share@example.com');
    const [b] = await db
      .knex('bookings')
      .insert({ ...booking, providerId, assignedAt: new Date() })
      .returning('id');
    const payout = {
      providerId,
      bookingId: b.id,
      hoursWorked: 3,
      hoursPaid: 3,
      hourlyRateCents: 0,
      sharePercent: 60,
      shareOfCents: 29850,
      baseAmountCents: 17910,
      totalAmountCents: 17910,
      geofenceVerified: true,
    };
    const refused = [
      { baseAmountCents: 18000, totalAmountCents: 18000 },
      { sharePercent: 120 },
      { shareOfCents: null },
      { hourlyRateCents: 2500 },
      { hoursPaid: 2, reviewReason: 'Capped' },
      // An hourly payout carries no share.
      { sharePercent: null, hourlyRateCents: 5970 },
    ];
    for (const change of refused) {
      await expect(db.knex('payouts').insert({ ...payout, ...change })).rejects.toThrow(
        /payouts_base_pays_hours_or_share/,
      );
    }
    await expect(db.knex('payouts').insert(payout)).resolves.toBeDefined();
  });

  it('stores e-mail addresses lower-cased and unique', async () => {
    await expect(
      db.knex('users').insert({ email: 'Mixed@Example.com', firstName: 'M', lastName: 'C' }),
    ).rejects.toThrow(/users_email_format/);
  });
});
