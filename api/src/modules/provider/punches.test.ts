import { randomUUID } from 'node:crypto';
import type { ProviderPayout } from '@twinclean/shared/provider-jobs';
import { punchResultSchema } from '@twinclean/shared/punches';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../../../db/seeds/demo-accounts';
import { seedDemoData } from '../../../db/seeds/seed';
import {
  HOUR,
  insertAssignedJob,
  type JobPlacement,
  NEAR as near,
  providerClient,
} from '../../test/punch-fixtures';
import { signedInJson } from '../../test/sign-in';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';

const db = useTestDatabase();
const api = useTestServer(db, () => ({ trustProxy: true }));
const provider = (email: string) => providerClient(api.url, email);
const assignedJob = (times?: JobPlacement) => insertAssignedJob(db.knex, times);
const eventCount = async () => Number((await db.knex('providerEvents').count({ n: '*' }))[0]?.n);

beforeAll(async () => {
  await seedDemoData(db.knex);
});

describe('clock in and out', () => {
  it('applies a replayed clock-in exactly once and answers the repeat like the first time', async () => {
    const maria = await provider(demoAccounts.provider.email);
    const job = await assignedJob();
    const key = randomUUID();
    const occurredAt = new Date(Date.now() - 20 * 60_000).toISOString();
    const body = { ...near, occurredAt, offline: true, deviceSeq: 7 };
    const first = await maria(`/api/provider/clock-in/${job}`, body, key);
    const again = await maria(`/api/provider/clock-in/${job}`, body, key);
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
    expect(events[0].requestHash).toMatch(/^[0-9a-f]{64}$/);
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
    const inAt = new Date(Date.now() - 3 * HOUR - 6 * 60_000);
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
    // 3.1 h of a 3 h job is within the hour of grace: all paid, nothing to review.
    expect(payouts[0]).toMatchObject({
      status: 'pending',
      geofenceVerified: true,
      hoursWorked: 3.1,
      hoursPaid: 3.1,
      reviewReason: null,
      baseAmountCents: 7750,
      waitPayCents: 1250,
      totalAmountCents: 9000,
    });
    expect((await maria(`/api/provider/clock-out/${job}`, near, randomUUID())).json).toMatchObject({
      code: 'already_clocked_out',
    });
  });

  it('pays a fixed-price job its share of the confirmed price plus wait pay, not hours', async () => {
    const maria = await provider(demoAccounts.provider.email);
    const job = await assignedJob({ hours: 1 });
    // A carpet job whose final price was confirmed at $298.50 after a $325.00 estimate.
    await db.knex('bookings').where({ id: job }).update({
      serviceType: 'carpet',
      baseAmountCents: 29850,
      greenCleaningFeeCents: 0,
      totalAmountCents: 29850,
      estimatedAmountCents: 32500,
      priceIsFinal: true,
    });
    const inAt = new Date(Date.now() - 2.5 * HOUR);
    await maria(
      `/api/provider/clock-in/${job}`,
      { ...near, occurredAt: inAt.toISOString() },
      randomUUID(),
    );
    const out = await maria(
      `/api/provider/clock-out/${job}`,
      { ...near, waitPay: 5 },
      randomUUID(),
    );
    expect(punchResultSchema.safeParse(out.json).success).toBe(true);
    expect(out.json).toMatchObject({
      payout: { hoursWorked: 2.5, hourlyRate: '0.00', sharePercent: 60, totalAmount: '184.10' },
    });
    // 2.5 h of a 1 h job: past the hour of grace, yet nothing is capped on a fixed price.
    expect(await db.knex('payouts').where({ bookingId: job }).first()).toMatchObject({
      hoursWorked: 2.5,
      hoursPaid: 2.5,
      reviewReason: null,
      sharePercent: 60,
      shareOfCents: 29850,
      baseAmountCents: 17910,
      waitPayCents: 500,
      totalAmountCents: 18410,
    });
    const list = await signedInJson<ProviderPayout[]>(api.url, demoAccounts.provider.email);
    const { json: payouts } = await list('GET', '/api/provider/payouts');
    expect(payouts.find((p) => p.id === (out.json.payout as { id: string }).id)).toMatchObject({
      hourlyRate: '0.00',
      share: { percent: 60, of: '298.50' },
      baseAmount: '179.10',
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

  it('keeps a refusal for a canceled job, and answers its replay the same way', async () => {
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
  });

  it('refuses bad input without touching the job', async () => {
    const maria = await provider(demoAccounts.provider.email);
    const job = await assignedJob();
    const clockIn = (body: unknown) => maria(`/api/provider/clock-in/${job}`, body, randomUUID());
    expect((await maria(`/api/provider/clock-in/${job}`, near, 'not-a-uuid')).status).toBe(400);
    expect((await clockIn({ latitude: 200, longitude: 0 })).status).toBe(400);
    // Each number fits its column, and a date the database could store but no phone sends is
    // refused here, with a message, before it can reach PostgreSQL.
    expect(await clockIn({ deviceSeq: 2 ** 31 })).toMatchObject({
      status: 400,
      json: { code: 'validation_error', message: expect.stringMatching(/^deviceSeq: /) },
    });
    expect((await clockIn({ accuracy: 100_001 })).json.message).toMatch(/^accuracy: /);
    for (const occurredAt of ['1970-01-01T00:00:00Z', '2100-01-01T00:00:00Z', 'yesterday']) {
      expect((await clockIn({ occurredAt })).json.message).toMatch(/^occurredAt: /);
    }
    expect((await clockIn({ positionAt: '0001-01-01T00:00:00Z' })).json.message).toMatch(
      /^positionAt: .*2000/,
    );
    expect(await db.knex('providerEvents').where({ bookingId: job })).toHaveLength(0);
    await clockIn(near);
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

describe("another provider's job", () => {
  it('looks like one that does not exist: 404 and nothing stored', async () => {
    const amina = await provider(demoAccounts.provider2.email);
    const job = await assignedJob();
    const before = await eventCount();
    for (const kind of ['clock-in', 'clock-out']) {
      expect(await amina(`/api/provider/${kind}/${job}`, near, randomUUID())).toEqual({
        status: 404,
        json: { message: 'Job not found.', code: 'not_found' },
      });
    }
    expect(await eventCount()).toBe(before);
  });

  it('still replays a punch applied before the job was reassigned; a new one is 404', async () => {
    const maria = await provider(demoAccounts.provider.email);
    const job = await assignedJob();
    const key = randomUUID();
    const applied = await maria(`/api/provider/clock-in/${job}`, near, key);
    expect(applied.status).toBe(200);
    await db
      .knex('bookings')
      .where({ id: job })
      .update({ providerId: demoAccounts.provider2.id, clockInAt: null });
    expect(await maria(`/api/provider/clock-in/${job}`, near, key)).toEqual(applied);
    expect((await maria(`/api/provider/clock-in/${job}`, near, randomUUID())).status).toBe(404);
    expect(await db.knex('providerEvents').where({ bookingId: job })).toHaveLength(1);
  });
});

describe('an Idempotency-Key names one request', () => {
  const reused = {
    status: 422,
    json: {
      code: 'idempotency_key_reused',
      message:
        'This Idempotency-Key was already used with different parameters. Send a new key for a new request.',
    },
  };

  it('refuses the same key with another body and changes nothing; the same body replays', async () => {
    const maria = await provider(demoAccounts.provider.email);
    const job = await assignedJob();
    const key = randomUUID();
    const body = { ...near, occurredAt: new Date(Date.now() - 60_000).toISOString() };
    const first = await maria(`/api/provider/clock-in/${job}`, body, key);
    expect(first.status).toBe(200);
    const stored = await db.knex('providerEvents').where({ bookingId: job });
    const booking = await db.knex('bookings').where({ id: job }).first();

    const other = { ...body, latitude: body.latitude + 0.01 };
    expect(await maria(`/api/provider/clock-in/${job}`, other, key)).toMatchObject(reused);
    expect(await db.knex('providerEvents').where({ bookingId: job })).toEqual(stored);
    expect(await db.knex('bookings').where({ id: job }).first()).toEqual(booking);
    // Key order does not make another request.
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    expect(await maria(`/api/provider/clock-in/${job}`, reordered, key)).toEqual(first);
  });

  it('refuses the key on another job, another kind of punch or from another provider', async () => {
    const maria = await provider(demoAccounts.provider.email);
    const amina = await provider(demoAccounts.provider2.email);
    const job = await assignedJob();
    const key = randomUUID();
    expect((await maria(`/api/provider/clock-in/${job}`, near, key)).status).toBe(200);
    const before = await eventCount();
    expect(await maria(`/api/provider/clock-in/${await assignedJob()}`, near, key)).toMatchObject(
      reused,
    );
    expect(await maria(`/api/provider/clock-out/${job}`, near, key)).toMatchObject(reused);
    const aminas = await assignedJob({ providerId: demoAccounts.provider2.id });
    expect(await amina(`/api/provider/clock-in/${aminas}`, near, key)).toMatchObject(reused);
    expect(await eventCount()).toBe(before);
  });

  it('replays a punch stored before requests had fingerprints, whatever the body', async () => {
    const maria = await provider(demoAccounts.provider.email);
    const job = await assignedJob();
    const key = randomUUID();
    const first = await maria(`/api/provider/clock-in/${job}`, near, key);
    await db.knex('providerEvents').where({ clientEventId: key }).update({ requestHash: null });
    expect(await maria(`/api/provider/clock-in/${job}`, {}, key)).toEqual(first);
  });
});
