import { randomUUID } from 'node:crypto';
import { punchResultSchema } from '@twinclean/shared/punches';
import { addDays, chicagoDate, chicagoInstant } from '@twinclean/shared/schedule';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../../../db/seeds/demo-accounts';
import { seedDemoData } from '../../../db/seeds/seed';
import { signInAs } from '../../test/sign-in';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';

const db = useTestDatabase();
const api = useTestServer(db, () => ({ trustProxy: true }));
const JOB_POINT = { latitude: 44.9466, longitude: -93.2862 }; // the 55408 centroid

async function provider(email: string) {
  const request = await signInAs(api.url, email);
  return async (path: string, body: unknown, key?: string) => {
    const res = await request(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(key ? { 'Idempotency-Key': key } : {}) },
      body: JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  };
}

/** An assigned job for Maria, placed at the 55408 ZIP centroid. */
async function assignedJob(): Promise<string> {
  const date = addDays(chicagoDate(new Date()), 1);
  const [row] = await db
    .knex('bookings')
    .insert({
      serviceType: 'house',
      clientFirstName: 'Pat',
      clientLastName: 'Client',
      clientEmail: 'pat@example.com',
      clientPhone: '612-555-0100',
      address: '3348 Hennepin Ave',
      city: 'Minneapolis',
      state: 'MN',
      zipCode: '55408',
      ...JOB_POINT,
      geocodePrecision: 'zip',
      scheduledDate: date,
      scheduledTime: '09:00',
      scheduledAt: chicagoInstant(date, '09:00'),
      subscriptionType: 'none',
      baseHours: 3,
      totalHours: 3,
      hourlyRateCents: 4500,
      baseAmountCents: 13500,
      totalAmountCents: 13500,
      depositAmountCents: 5400,
      priceIsFinal: true,
      providerId: demoAccounts.provider.id,
      assignedAt: new Date(),
    })
    .returning('id');
  return row.id;
}

const near = { ...JOB_POINT, latitude: JOB_POINT.latitude + 0.001, accuracy: 12 };

beforeAll(async () => {
  await seedDemoData(db.knex);
});

describe('clock in and out', () => {
  it('applies a replayed clock-in exactly once and answers the repeat like the first time', async () => {
    const maria = await provider(demoAccounts.provider.email);
    const job = await assignedJob();
    const key = randomUUID();
    const occurredAt = new Date(Date.now() - 20 * 60_000).toISOString();
    const first = await maria(
      `/api/provider/clock-in/${job}`,
      { ...near, occurredAt, offline: true, deviceSeq: 7 },
      key,
    );
    const again = await maria(
      `/api/provider/clock-in/${job}`,
      { ...near, occurredAt, offline: true, deviceSeq: 7 },
      key,
    );
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ message: 'Clocked In', geofenceVerified: true, occurredAt });
    expect(again).toEqual(first);
    const events = await db.knex('providerEvents').where({ bookingId: job });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      clientEventId: key,
      offline: true,
      deviceSeq: 7,
      suspicious: false,
    });
    expect(events[0].clockOffsetMs).toBeGreaterThan(19 * 60_000);
    // The job keeps the device's time, not the time the punch arrived.
    const booking = await db.knex('bookings').where({ id: job }).first();
    expect(booking.clockInAt.toISOString()).toBe(occurredAt);
  });

  it('answers 10 concurrent copies of one punch identically, with one row', async () => {
    const maria = await provider(demoAccounts.provider.email);
    const job = await assignedJob();
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => maria(`/api/provider/clock-in/${job}`, near, key)),
    );
    // Equal answers (JSONB may store the keys of the kept answer in another order).
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(answers[0]?.status).toBe(200);
    expect(await db.knex('providerEvents').where({ bookingId: job })).toHaveLength(1);
  });

  it('follows the state machine: out before in, in twice, then out completes the job with a payout', async () => {
    const maria = await provider(demoAccounts.provider.email);
    const job = await assignedJob();
    expect(
      (await maria(`/api/provider/clock-out/${job}`, { waitPay: 0 }, randomUUID())).json,
    ).toMatchObject({ code: 'not_clocked_in' });
    const inAt = new Date(Date.now() - 3 * 3_600_000 - 6 * 60_000);
    await maria(
      `/api/provider/clock-in/${job}`,
      { ...near, occurredAt: inAt.toISOString() },
      randomUUID(),
    );
    const twice = await maria(`/api/provider/clock-in/${job}`, near, randomUUID());
    expect(twice).toMatchObject({
      status: 409,
      json: { code: 'already_clocked_in', message: 'You are already clocked in to this job.' },
    });

    const outKey = randomUUID();
    const out = await maria(`/api/provider/clock-out/${job}`, { ...near, waitPay: 12.5 }, outKey);
    expect(out.status).toBe(200);
    // The provider app reads this answer with the shared schema.
    expect(punchResultSchema.safeParse(out.json).success).toBe(true);
    expect(out.json).toMatchObject({
      message: 'Clocked Out',
      payout: { hoursWorked: 3.1, hourlyRate: '25.00', waitPay: '12.50', totalAmount: '90.00' },
    });
    expect(
      await maria(`/api/provider/clock-out/${job}`, { ...near, waitPay: 12.5 }, outKey),
    ).toEqual(out);
    const booking = await db.knex('bookings').where({ id: job }).first();
    expect(booking.clockOutAt).toBeInstanceOf(Date);
    const payouts = await db.knex('payouts').where({ bookingId: job });
    expect(payouts).toHaveLength(1);
    expect(payouts[0]).toMatchObject({
      status: 'pending',
      geofenceVerified: true,
      baseAmountCents: 7750,
      waitPayCents: 1250,
      totalAmountCents: 9000,
    });
    expect((await maria(`/api/provider/clock-out/${job}`, near, randomUUID())).json).toMatchObject({
      code: 'already_clocked_out',
    });
  });

  it('records a punch without a location, unverified, never refused; far away is unverified with the distance', async () => {
    const maria = await provider(demoAccounts.provider.email);
    const job = await assignedJob();
    const blind = await maria(`/api/provider/clock-in/${job}`, {}, randomUUID());
    expect(blind).toMatchObject({
      status: 200,
      json: {
        geofenceVerified: false,
        distanceM: null,
        unverifiedReason: 'No location from the device',
      },
    });
    const far = await maria(
      `/api/provider/clock-out/${job}`,
      { latitude: 45.1, longitude: -93.2862, waitPay: 0 },
      randomUUID(),
    );
    expect(far.status).toBe(200);
    expect(far.json.geofenceVerified).toBe(false);
    expect(far.json.unverifiedReason).toMatch(/^\d+ m from the job$/);
    expect(await db.knex('payouts').where({ bookingId: job }).first()).toMatchObject({
      geofenceVerified: false,
    });
  });

  it("uses the server's time and flags the punch when the device time is implausible", async () => {
    const maria = await provider(demoAccounts.provider.email);
    const job = await assignedJob();
    const future = new Date(Date.now() + 3 * 3_600_000).toISOString();
    const res = await maria(
      `/api/provider/clock-in/${job}`,
      { ...near, occurredAt: future },
      randomUUID(),
    );
    expect(res.status).toBe(200);
    expect(res.json.occurredAt).not.toBe(future);
    const [event] = await db.knex('providerEvents').where({ bookingId: job });
    expect(event).toMatchObject({ suspicious: true });
    expect(event.suspicionReason).toMatch(/implausible/);
  });

  it('keeps a refusal for a canceled or reassigned job, and answers its replay the same way', async () => {
    const maria = await provider(demoAccounts.provider.email);
    const canceled = await assignedJob();
    await db
      .knex('bookings')
      .where({ id: canceled })
      .update({ canceledAt: new Date(), cancellationReason: 'Client moved' });
    const key = randomUUID();
    const refused = await maria(`/api/provider/clock-in/${canceled}`, near, key);
    expect(refused).toMatchObject({
      status: 409,
      json: { code: 'job_canceled', message: 'This job was canceled.' },
    });
    await db
      .knex('bookings')
      .where({ id: canceled })
      .update({ canceledAt: null, cancellationReason: null });
    expect(await maria(`/api/provider/clock-in/${canceled}`, near, key)).toEqual(refused);
    expect((await db.knex('bookings').where({ id: canceled }).first()).clockInAt).toBeNull();

    const amina = await provider(demoAccounts.provider2.email);
    const other = await amina(`/api/provider/clock-in/${await assignedJob()}`, near, randomUUID());
    expect(other).toMatchObject({ status: 409, json: { code: 'job_reassigned' } });
  });

  it('refuses bad input without touching the job', async () => {
    const maria = await provider(demoAccounts.provider.email);
    const job = await assignedJob();
    expect((await maria(`/api/provider/clock-in/${job}`, near, 'not-a-uuid')).status).toBe(400);
    expect(
      (await maria(`/api/provider/clock-in/${job}`, { latitude: 200, longitude: 0 }, randomUUID()))
        .status,
    ).toBe(400);
    await maria(`/api/provider/clock-in/${job}`, near, randomUUID());
    expect(
      (await maria(`/api/provider/clock-out/${job}`, { waitPay: 150 }, randomUUID())).json,
    ).toMatchObject({ message: 'waitPay: Wait pay is at most $100' });
    expect(
      (
        await maria(
          '/api/provider/clock-in/6f1c2b9e-8a4d-4c3b-9f00-1234567890ab',
          near,
          randomUUID(),
        )
      ).status,
    ).toBe(404);
    expect((await db.knex('bookings').where({ id: job }).first()).clockOutAt).toBeNull();
  });
});
