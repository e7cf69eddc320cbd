import { clientBookingSchema, clientBookingSummarySchema } from '@twinclean/shared/client-bookings';
import { addDays, chicagoDate, chicagoInstant } from '@twinclean/shared/schedule';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../db/seeds/seed';
import { bookingRow } from '../../test/fixtures';
import { newUser, signedInClient } from '../../test/people';
import { snapshot } from '../../test/route-world';
import { confirmTestCard } from '../../test/test-card';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';

const db = useTestDatabase();
const api = useTestServer(db, () => ({ trustProxy: true }));
const HOUR = 3_600_000;

beforeAll(async () => {
  await seedDemoData(db.knex);
});

const day = (days: number) => addDays(chicagoDate(new Date()), days);

/** A house booking of the client's, `hoursAhead` from now (2 h at $45, $36 deposit). */
async function booking(clientId: string, hoursAhead: number, fields: Record<string, unknown> = {}) {
  const [row] = await db
    .knex('bookings')
    .insert(bookingRow(new Date(Date.now() + hoursAhead * HOUR), { clientId, ...fields }))
    .returning('id');
  return row.id as string;
}

/** Pays through the LocalGateway's test-card form, as the browser does. */
async function pay(
  call: Awaited<ReturnType<typeof signedInClient>>['call'],
  id: string,
  option?: string,
) {
  const intent = await call('POST', `/api/bookings/${id}/create-payment-intent`, { option });
  expect(intent.status).toBe(200);
  expect(await confirmTestCard(api.url, intent.json)).toMatchObject({ status: 'succeeded' });
  return intent.json.paymentIntentId as string;
}

const emails = (to: string, template: string) =>
  db.knex('outboundEmails').where({ toAddress: to, template });

describe('the client portal API', () => {
  it('lists only the signed-in client’s bookings, soonest first, with what is due', async () => {
    const { id, call } = await signedInClient(db.knex, api.url);
    const other = await newUser(db.knex);
    const later = await booking(id, 72);
    const sooner = await booking(id, 50);
    await booking(other.id, 60);
    const { status, json } = await call('GET', '/api/bookings');
    expect(status).toBe(200);
    expect(json.map((b: { id: string }) => b.id)).toEqual([sooner, later]);
    expect(clientBookingSummarySchema.parse(json[0])).toMatchObject({
      status: 'pending_assignment',
      totalAmount: '90.00',
      // Payable in full at any time, but nothing is asked for before a provider is assigned.
      amountDue: null,
    });
  });

  it('shows a booking with its price, choices and the policy’s terms; another’s is not found', async () => {
    const { id, call } = await signedInClient(db.knex, api.url);
    const mine = await booking(id, 72);
    const { json } = await call('GET', `/api/bookings/${mine}`);
    const view = clientBookingSchema.parse(json);
    expect(view).toMatchObject({
      serviceType: 'house',
      totalHours: 2,
      hourlyRate: '45.00',
      totalAmount: '90.00',
      depositAmount: '36.00',
      amountPaid: '0.00',
      paymentChoices: [{ option: 'full', amount: '90.00' }],
      cancelTerms: { allowed: true, free: true, feeCents: 0, summary: 'Canceling now is free.' },
      rescheduleTerms: { allowed: true },
    });
    const stranger = await signedInClient(db.knex, api.url);
    const theirs = await stranger.call('GET', `/api/bookings/${mine}`);
    expect(theirs).toEqual({
      status: 404,
      json: { code: 'not_found', message: 'Booking not found.' },
    });
  });

  it('cancels free more than 24 h ahead and refunds everything paid, once', async () => {
    const { id, email, call } = await signedInClient(db.knex, api.url);
    const mine = await booking(id, 72, { clientEmail: email });
    await pay(call, mine);
    const empty = await call('POST', `/api/bookings/${mine}/cancel`, { reason: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.json.message).toMatch(/Reason is required/);
    const canceled = await call('POST', `/api/bookings/${mine}/cancel`, {
      reason: 'Family visiting',
    });
    expect(canceled.status).toBe(200);
    expect(canceled.json).toMatchObject({
      status: 'canceled',
      cancellationReason: 'Family visiting',
      cancellationFee: '0.00',
      amountPaid: '0.00',
      amountRefunded: '90.00',
      paymentChoices: [],
    });
    const refunds = await db
      .knex('refunds')
      .join('payments', 'payments.id', 'refunds.paymentId')
      .where('payments.bookingId', mine);
    expect(refunds).toHaveLength(1);
    expect(refunds[0].amountCents).toBe(9000);
    expect(await emails(email, 'booking_canceled')).toHaveLength(1);
    expect(await emails(email, 'payment_refund')).toHaveLength(1);

    const before = await snapshot(db.knex);
    const again = await call('POST', `/api/bookings/${mine}/cancel`, { reason: 'Twice' });
    expect(again).toMatchObject({
      status: 409,
      json: { message: 'This booking is already canceled.' },
    });
    expect(await snapshot(db.knex)).toBe(before);
  });

  it('keeps the late-cancellation fee from what was paid within 24 h and refunds the rest', async () => {
    const { id, call } = await signedInClient(db.knex, api.url);
    const mine = await booking(id, 10);
    await pay(call, mine);
    const { json } = await call('GET', `/api/bookings/${mine}`);
    expect(json.cancelTerms).toMatchObject({
      allowed: true,
      free: false,
      feeCents: 3600,
      refundCents: 5400,
    });
    expect(json.cancelTerms.summary).toBe(
      'Your visit is less than 24 hours away: $36.00 of what you paid is kept as the late-cancellation fee. $54.00 will be refunded to your card.',
    );
    const canceled = await call('POST', `/api/bookings/${mine}/cancel`, { reason: 'Sick' });
    expect(canceled.json).toMatchObject({
      cancellationFee: '36.00',
      amountPaid: '36.00',
      amountRefunded: '54.00',
    });
  });

  it('cancels two requests at once exactly once', async () => {
    const { id, call } = await signedInClient(db.knex, api.url);
    const mine = await booking(id, 72);
    await pay(call, mine);
    const answers = await Promise.all(
      [1, 2, 3].map(() => call('POST', `/api/bookings/${mine}/cancel`, { reason: 'Race' })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    const refunded = await db
      .knex('refunds')
      .join('payments', 'payments.id', 'refunds.paymentId')
      .where('payments.bookingId', mine)
      .sum({ cents: 'refunds.amountCents' })
      .first();
    expect(Number(refunded?.cents)).toBe(9000);
  });

  it('reschedules within the window, refuses bad slots and the last 12 hours', async () => {
    const { id, email, call } = await signedInClient(db.knex, api.url);
    const mine = await booking(id, 72, { clientEmail: email });
    const past = await call('POST', `/api/bookings/${mine}/reschedule`, {
      scheduledDate: day(-1),
      scheduledTime: '10:00',
    });
    expect(past.status).toBe(400);
    const tooFar = await call('POST', `/api/bookings/${mine}/reschedule`, {
      scheduledDate: day(45),
      scheduledTime: '10:00',
    });
    expect(tooFar.status).toBe(400);
    const moved = await call('POST', `/api/bookings/${mine}/reschedule`, {
      scheduledDate: day(6),
      scheduledTime: '13:00',
    });
    expect(moved.json).toMatchObject({ scheduledDate: day(6), scheduledTime: '13:00' });
    const row = await db.knex('bookings').where({ id: mine }).first();
    expect(row.scheduledAt.toISOString()).toBe(chicagoInstant(day(6), '13:00').toISOString());
    expect(await emails(email, 'booking_rescheduled')).toHaveLength(1);

    const soon = await booking(id, 11);
    const late = await call('POST', `/api/bookings/${soon}/reschedule`, {
      scheduledDate: day(6),
      scheduledTime: '13:00',
    });
    expect(late.status).toBe(409);
    expect(late.json.message).toMatch(/less than 12 hours away.*call us at \(612\) 555-0123/);
  });

  it('releases an assigned provider whose week no longer covers the visit, and tells them', async () => {
    const { id, call } = await signedInClient(db.knex, api.url);
    const keeper = await newUser(db.knex, 'provider');
    const weekdays = await newUser(db.knex, 'provider');
    // Weekday mornings only; the other provider has no slots and so takes any time.
    for (const dayOfWeek of [1, 2, 3, 4, 5]) {
      await db.knex('availabilitySlots').insert({
        providerId: weekdays.id,
        dayOfWeek,
        startTime: '08:00',
        endTime: '12:00',
      });
    }
    const assigned = (providerId: string) =>
      booking(id, 72, { providerId, assignedAt: new Date() });
    const kept = await assigned(keeper.id);
    const released = await assigned(weekdays.id);
    // The next Saturday afternoon inside the window.
    let saturday = day(3);
    while (new Date(`${saturday}T12:00:00Z`).getUTCDay() !== 6) saturday = addDays(saturday, 1);
    for (const job of [kept, released]) {
      const moved = await call('POST', `/api/bookings/${job}/reschedule`, {
        scheduledDate: saturday,
        scheduledTime: '14:00',
      });
      expect(moved.status).toBe(200);
    }
    const rows = await db.knex('bookings').whereIn('id', [kept, released]);
    expect(rows.find((r) => r.id === kept)?.providerId).toBe(keeper.id);
    expect(rows.find((r) => r.id === released)).toMatchObject({
      providerId: null,
      assignedAt: null,
    });
    expect(await emails(weekdays.email, 'provider_job_released')).toHaveLength(1);
    expect(await emails(keeper.email, 'provider_job_moved')).toHaveLength(1);
    const alerts = await db.knex.raw(
      "SELECT data FROM pgboss.job WHERE name = 'job-alerts.opened' AND data->>'bookingId' = ?",
      [released],
    );
    expect(alerts.rows).toHaveLength(1);
  });
});
