import { randomUUID } from 'node:crypto';
import { adminBookingAnswerSchema, adminBookingSchema } from '@twinclean/shared/admin-booking';
import { hourlyBaseCents } from '@twinclean/shared/provider-pay';
import { addDays, chicagoDate, chicagoInstant } from '@twinclean/shared/schedule';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../db/seeds/seed';
import { PNG } from '../../test/fixtures';
import { newUser } from '../../test/people';
import { HOUR, insertAssignedJob, NEAR, providerClient } from '../../test/punch-fixtures';
import { snapshot } from '../../test/route-world';
import { type JsonCall, signedInJson, signInAs } from '../../test/sign-in';
import { insertSpecialJob } from '../../test/special-fixtures';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';

const db = useTestDatabase();
const api = useTestServer(db, () => ({ trustProxy: true }));

let staff: JsonCall;
beforeAll(async () => {
  await seedDemoData(db.knex);
  staff = await signedInJson(api.url, 'staff@example.com');
});

/**
 * A job a new provider worked through the real punch routes: clocked in 6 h ago on the device
 * (the slot began then; 2 h booked), clocked out now 40 m east of the address, with $5 wait pay.
 * 6 h clocked, 3 h paid: the payout waits for an admin.
 */
async function workedJob() {
  const provider = await newUser(db.knex, 'provider');
  const start = new Date(Date.now() - 6 * HOUR);
  const id = await insertAssignedJob(db.knex, {
    providerId: provider.id,
    scheduledAt: start,
    hours: 2,
  });
  const punch = await providerClient(api.url, provider.email);
  // "On my way" first: a provider event too, which the page shows as the time, not a punch.
  const onMyWay = await punch(`/api/provider/on-my-way/${id}`, {
    ...NEAR,
    occurredAt: new Date(start.getTime() - HOUR / 2).toISOString(),
  });
  expect(onMyWay.status).toBe(200);
  const clockIn = await punch(`/api/provider/clock-in/${id}`, {
    ...NEAR,
    occurredAt: start.toISOString(),
  });
  expect(clockIn.status).toBe(200);
  const away = { latitude: NEAR.latitude, longitude: NEAR.longitude + 0.05, accuracy: 15 };
  const clockOut = await punch(`/api/provider/clock-out/${id}`, { ...away, waitPay: 5 });
  expect(clockOut.status).toBe(200);
  return { id, provider };
}

const payoutOf = (bookingId: string) => db.knex('payouts').where({ bookingId }).first();

describe('GET /api/admin/bookings/{id}', () => {
  it('shows a carpet booking: client, rooms, estimate, provider and what can be done', async () => {
    const provider = await newUser(db.knex, 'provider');
    const client = await newUser(db.knex, 'client', { subscriptionType: 'standard' });
    const start = chicagoInstant(addDays(chicagoDate(new Date()), 3), '10:00');
    const id = await insertSpecialJob(db.knex, 'carpet', {
      start,
      providerId: provider.id,
      overrides: { clientId: client.id, clientNotes: 'Gate code 1234' },
    });
    const { status, json } = await staff('GET', `/api/admin/bookings/${id}`);
    expect(status).toBe(200);
    const view = adminBookingSchema.parse(json);
    expect(view).toMatchObject({
      serviceType: 'carpet',
      status: 'assigned',
      client: { id: client.id, email: 'pat@example.com', membership: 'standard', bookedAs: 'none' },
      details: { kind: 'carpet', bedrooms: 3, livingRooms: 1, stairs: 1 },
      clientNotes: 'Gate code 1234',
      price: {
        priceIsFinal: false,
        estimatedAmount: '325.00',
        totalAmount: '325.00',
        amountPaid: '0.00',
        balance: '325.00',
      },
      provider: { id: provider.id, name: 'Pia Tester', email: provider.email },
      payLink: { due: null, sent: [] },
      punches: [],
      payout: null,
      cancellation: null,
      actions: {
        assign: { allowed: true },
        unassign: { allowed: true },
        confirmPrice: { allowed: true },
        cancel: { allowed: true, free: true },
        resendPayLink: {
          allowed: false,
          reason: 'The final price is not confirmed yet, so nothing is due.',
        },
        reviewPayout: { allowed: false, reason: 'This job has no payout yet.' },
      },
    });
  });

  it('shows a guest’s worked job: punches with distances, the flagged payout, photos', async () => {
    const { id, provider } = await workedJob();
    const photoId = randomUUID();
    await api.deps.storage.put(`${id}/${photoId}.png`, PNG);
    await db.knex('photos').insert({
      id: photoId,
      clientPhotoId: randomUUID(),
      bookingId: id,
      uploadedBy: provider.id,
      photoType: 'after',
      storageKey: `${id}/${photoId}.png`,
      mimeType: 'image/png',
      sizeBytes: PNG.length,
    });
    const view = adminBookingSchema.parse((await staff('GET', `/api/admin/bookings/${id}`)).json);
    expect(view.client).toMatchObject({ id: null, membership: null });
    expect(view.status).toBe('completed');
    expect(view.location).toMatchObject({ precision: 'zip' });
    expect(view.enRouteAt).not.toBeNull();
    expect(view.punches).toMatchObject([
      { type: 'clock_in', applied: true, geofenceVerified: true, latitude: NEAR.latitude },
      { type: 'clock_out', applied: true, geofenceVerified: false, suspicionReason: null },
    ]);
    expect(view.punches[0]?.distanceM).toBeLessThan(250);
    expect(view.punches[1]?.distanceM).toBeGreaterThan(3000);
    expect(view.payout).toMatchObject({
      status: 'pending',
      hoursPaid: 3,
      hourlyRate: '25.00',
      baseAmount: '75.00',
      waitPay: '5.00',
      bonus: '0.00',
      totalAmount: '80.00',
      geofenceVerified: false,
      reviewedAt: null,
    });
    expect(view.payout?.hoursWorked).toBeCloseTo(6, 1);
    expect(view.payout?.reviewReason).toMatch(/h paid \(2 h booked \+ 1 h\)/);
    expect(view.actions.reviewPayout).toEqual({ allowed: true });
    expect(view.photos).toEqual({
      before: [],
      after: [{ id: photoId, url: `/api/photos/${photoId}`, width: null, height: null }],
    });
    // Admins may open the photo itself.
    const request = await signInAs(api.url, 'staff@example.com');
    expect((await request(`/api/photos/${photoId}`)).status).toBe(200);
  });

  it('answers 404 for an unknown booking and 400 for an id that is not one', async () => {
    const missing = await staff('GET', '/api/admin/bookings/00000000-0000-4000-8000-000000000000');
    expect(missing).toMatchObject({ status: 404, json: { message: 'Booking not found.' } });
    expect((await staff('GET', '/api/admin/bookings/not-an-id')).status).toBe(400);
  });
});

describe('POST /api/admin/payouts/{id}/review', () => {
  it('adjusts the hours paid, recomputes base and total, clears the flag, audited', async () => {
    const { id } = await workedJob();
    const payout = await payoutOf(id);
    const answer = await staff('POST', `/api/admin/payouts/${payout.id}/review`, {
      hoursPaid: 4.5,
    });
    expect(answer.status).toBe(200);
    const { booking } = adminBookingAnswerSchema.parse(answer.json);
    expect(booking.payout).toMatchObject({
      hoursPaid: 4.5,
      baseAmount: '112.50',
      totalAmount: '117.50',
      reviewReason: null,
      reviewedBy: 'Sam Nguyen',
    });
    expect(booking.actions.reviewPayout).toEqual({ allowed: true });
    const log = await db.knex('auditLog').where({ entity: 'payout', entityId: payout.id });
    expect(log).toMatchObject([
      {
        action: 'payout.review',
        before: { hoursPaid: 3, baseAmount: '75.00', totalAmount: '80.00' },
        after: { hoursPaid: 4.5, baseAmount: '112.50', totalAmount: '117.50', reviewReason: null },
      },
    ]);
    // The same review again changes nothing and is not logged twice.
    await staff('POST', `/api/admin/payouts/${payout.id}/review`, { hoursPaid: 4.5 });
    expect(await db.knex('auditLog').where({ entityId: payout.id })).toHaveLength(1);
  });

  it('approves every hour worked', async () => {
    const { id } = await workedJob();
    const payout = await payoutOf(id);
    const worked = Number(payout.hoursWorked);
    const answer = await staff('POST', `/api/admin/payouts/${payout.id}/review`, {
      hoursPaid: worked,
    });
    expect(answer.json.booking.payout).toMatchObject({ hoursPaid: worked, reviewReason: null });
    expect(await payoutOf(id)).toMatchObject({
      baseAmountCents: hourlyBaseCents(worked, 2500),
      totalAmountCents: hourlyBaseCents(worked, 2500) + 500,
    });
  });

  it('refuses bad hours (400), a payout with nothing to review or paid (409), changing nothing', async () => {
    const { id } = await workedJob();
    const payout = await payoutOf(id);
    const path = `/api/admin/payouts/${payout.id}/review`;
    const before = await snapshot(db.knex);
    for (const [body, message] of [
      [{ hoursPaid: 99 }, /cannot be more than the 6(\.\d+)? h worked/],
      [{ hoursPaid: -1 }, /cannot be negative/],
      [{ hoursPaid: 1.234 }, /at most 2 decimals/],
      [{ hoursPaid: '3' }, /must be a number/],
      [{}, /must be a number/],
    ] as const) {
      const refused = await staff('POST', path, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.json.message).toMatch(message);
    }
    expect(await snapshot(db.knex)).toBe(before);

    await db
      .knex('payouts')
      .where({ id: payout.id })
      .update({ status: 'paid', paidAt: new Date() });
    expect(await staff('POST', path, { hoursPaid: 3 })).toMatchObject({
      status: 409,
      json: { message: 'This payout is already paid, so its hours can no longer change.' },
    });
    const other = await workedJob();
    const unflagged = await payoutOf(other.id);
    // Approved in full, and as if never flagged: nothing left to look at.
    await staff('POST', `/api/admin/payouts/${unflagged.id}/review`, {
      hoursPaid: Number(unflagged.hoursWorked),
    });
    await db.knex('payouts').where({ id: unflagged.id }).update({ reviewedAt: null });
    expect(
      await staff('POST', `/api/admin/payouts/${unflagged.id}/review`, { hoursPaid: 3 }),
    ).toMatchObject({ status: 409, json: { message: 'This payout has nothing to review.' } });
    const missing = await staff(
      'POST',
      '/api/admin/payouts/00000000-0000-4000-8000-000000000000/review',
      { hoursPaid: 1 },
    );
    expect(missing.status).toBe(404);
  });
});
