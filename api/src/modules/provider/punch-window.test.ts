import { randomUUID } from 'node:crypto';
import { cancelTerms, rescheduleTerms } from '@twinclean/shared/booking-policy';
import { deriveBookingStatus } from '@twinclean/shared/booking-status';
import {
  addDays,
  chicagoDate,
  chicagoInstant,
  formatInstant,
  formatMonthDay,
} from '@twinclean/shared/schedule';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../../../db/seeds/demo-accounts';
import { seedDemoData } from '../../../db/seeds/seed';
import {
  HOUR,
  insertAssignedJob,
  type JobPlacement,
  letTimePass,
  NEAR as near,
  providerClient,
} from '../../test/punch-fixtures';
import { signInAs } from '../../test/sign-in';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';

// The punch rules of README "Punch rules" through the real app: device time believed only inside
// the job's window, paid hours capped at the booked hours + 1, everything else flagged.

const db = useTestDatabase();
const api = useTestServer(db, () => ({ trustProxy: true }));
const maria = () => providerClient(api.url, demoAccounts.provider.email);
const assignedJob = (times?: JobPlacement) => insertAssignedJob(db.knex, times);
const DAY = 24 * HOUR;
const msAgo = (iso: unknown) => Date.now() - new Date(iso as string).getTime();

beforeAll(async () => {
  await seedDemoData(db.knex);
});

describe('the punch window', () => {
  it('keeps the device time of an offline clock-in 20 minutes old, inside the window, unflagged', async () => {
    const post = await maria();
    const job = await assignedJob({ scheduledAt: new Date(Date.now() + 10 * 60_000) });
    const occurredAt = new Date(Date.now() - 20 * 60_000).toISOString();
    const res = await post(`/api/provider/clock-in/${job}`, { occurredAt, offline: true });
    expect(res).toMatchObject({ status: 200, json: { occurredAt } });
    const [event] = await db.knex('providerEvents').where({ bookingId: job });
    expect(event).toMatchObject({ suspicious: false, suspicionReason: null });
    expect(event.deviceOccurredAt.toISOString()).toBe(occurredAt);
  });

  it('records a clock-in dated before the booking existed at the server time, flagged; the payout is capped at booked + 1 h and flagged', async () => {
    const post = await maria();
    const job = await assignedJob({
      scheduledAt: new Date(Date.now() + HOUR),
      hours: 2,
      createdAt: new Date(Date.now() - 2 * DAY),
      assignedAt: new Date(Date.now() - DAY),
    });
    const claimed = new Date(Date.now() - 6 * DAY).toISOString();
    const clockIn = await post(`/api/provider/clock-in/${job}`, { ...near, occurredAt: claimed });
    expect(clockIn.status).toBe(200);
    expect(msAgo(clockIn.json.occurredAt)).toBeLessThan(60_000);
    const [event] = await db.knex('providerEvents').where({ bookingId: job });
    expect(event).toMatchObject({ suspicious: true });
    expect(event.suspicionReason).toContain(`Device time ${formatInstant(claimed)} is outside`);
    expect(event.suspicionReason).toMatch(/clock-in window/);
    expect(event.deviceOccurredAt.toISOString()).toBe(claimed);

    // Six hours later she clocks out of a 2-hour job: 6 h measured, 3 h paid until reviewed.
    await letTimePass(db.knex, job, 6 * HOUR);
    const out = await post(`/api/provider/clock-out/${job}`, { ...near, waitPay: 0 });
    expect(out.status).toBe(200);
    expect(out.json.payout).toMatchObject({ hoursPaid: 3, totalAmount: '75.00' });
    const payout = await db.knex('payouts').where({ bookingId: job }).first();
    expect(payout.hoursWorked).toBeCloseTo(6, 1);
    expect(payout).toMatchObject({ hoursPaid: 3, baseAmountCents: 7500, totalAmountCents: 7500 });
    expect(payout.reviewReason).toMatch(/3 h paid/);
    expect(payout.reviewReason).toMatch(/Clock-in flagged/);

    const list = await signInAs(api.url, demoAccounts.provider.email);
    const payouts = (await (await list('/api/provider/payouts')).json()) as {
      hoursPaid: number;
      reviewReason: string | null;
    }[];
    expect(payouts.find((p) => p.reviewReason === payout.reviewReason)).toMatchObject({
      hoursPaid: 3,
    });
  });

  it("uses the server's time and flags a device time in the future", async () => {
    const post = await maria();
    const job = await assignedJob();
    const future = new Date(Date.now() + 3 * HOUR).toISOString();
    const res = await post(`/api/provider/clock-in/${job}`, { ...near, occurredAt: future });
    expect(res.status).toBe(200);
    expect(res.json.occurredAt).not.toBe(future);
    const [event] = await db.knex('providerEvents').where({ bookingId: job });
    expect(event).toMatchObject({ suspicious: true });
    expect(event.suspicionReason).toMatch(/outside the clock-in window/);
  });
});

describe('a clock-in whose real time is outside the window', () => {
  // A 3-hour visit at 10:00 AM Chicago `days` from today (negative: in the past), assigned a day
  // before it; its clock-ins run from 8:00 AM to 1:00 AM the next day.
  const visitIn = (days: number) => {
    const date = addDays(chicagoDate(new Date()), days);
    const scheduledAt = chicagoInstant(date, '10:00');
    const placement = {
      scheduledAt,
      hours: 3,
      createdAt: new Date(scheduledAt.getTime() - 2 * DAY),
      assignedAt: new Date(scheduledAt.getTime() - DAY),
    };
    return { date, scheduledAt, placement };
  };

  it('refuses one sent 3 days before the visit, for good: the job stays assigned and the client can still cancel or reschedule', async () => {
    const post = await maria();
    const { date, placement } = visitIn(3);
    const job = await assignedJob(placement);
    const key = randomUUID();
    const body = { ...near, occurredAt: new Date().toISOString() };
    const refused = await post(`/api/provider/clock-in/${job}`, body, key);
    expect(refused).toEqual({
      status: 409,
      json: {
        code: 'outside_punch_window',
        message: `This job starts ${formatMonthDay(date)} at 10:00 AM; you can clock in from 8:00 AM that day.`,
      },
    });
    const booking = await db.knex('bookings').where({ id: job }).first();
    expect(booking.clockInAt).toBeNull();
    expect(deriveBookingStatus(booking)).toBe('assigned');
    expect(cancelTerms(booking, { lateCancelFeePercent: 40 }, new Date())).toMatchObject({
      allowed: true,
      free: true,
    });
    expect(rescheduleTerms(booking, new Date())).toEqual({ allowed: true });
    // The refusal is the kept answer of this key, and the phone's replay gets it again.
    expect(await post(`/api/provider/clock-in/${job}`, body, key)).toEqual(refused);
    const events = await db.knex('providerEvents').where({ bookingId: job });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ clientEventId: key, responseStatus: 409 });
    expect(await db.knex('bookings').where({ id: job }).first()).toEqual(booking);
    // Nothing was started, so there is nothing to clock out of.
    expect((await post(`/api/provider/clock-out/${job}`, near, randomUUID())).json).toMatchObject({
      code: 'not_clocked_in',
    });
  });

  it('accepts one whose device time is inside the window, though it reaches the server days later', async () => {
    const post = await maria();
    const { scheduledAt, placement } = visitIn(-3);
    const job = await assignedJob(placement);
    const occurredAt = new Date(scheduledAt.getTime() - 10 * 60_000).toISOString();
    const res = await post(`/api/provider/clock-in/${job}`, { ...near, occurredAt, offline: true });
    expect(res).toMatchObject({ status: 200, json: { message: 'Clocked In', occurredAt } });
    const booking = await db.knex('bookings').where({ id: job }).first();
    expect(booking.clockInAt.toISOString()).toBe(occurredAt);
    const [event] = await db.knex('providerEvents').where({ bookingId: job });
    expect(event.suspicionReason).toMatch(/^Received at .* outside the clock-in window/);
  });

  it('refuses one sent after the window closed without a device time inside it, and says to ask the office', async () => {
    const post = await maria();
    const { date, placement } = visitIn(-3);
    const job = await assignedJob(placement);
    const message =
      `This job started ${formatMonthDay(date)} at 10:00 AM; clock-ins for it closed at 1:00 AM ` +
      `on ${formatMonthDay(addDays(date, 1))}. Ask the office to record your time.`;
    for (const body of [near, { ...near, occurredAt: new Date().toISOString() }]) {
      expect(await post(`/api/provider/clock-in/${job}`, body, randomUUID())).toEqual({
        status: 409,
        json: { code: 'outside_punch_window', message },
      });
    }
    expect((await db.knex('bookings').where({ id: job }).first()).clockInAt).toBeNull();
  });
});

describe('a phone clock far off', () => {
  it.each([
    ['40 days behind', -40 * DAY],
    ['400 days ahead', 400 * DAY],
  ])('is answered (never a 5xx), recorded at server time and flagged: %s', async (_, off) => {
    const post = await maria();
    const job = await assignedJob();
    const occurredAt = new Date(Date.now() + off).toISOString();
    const res = await post(
      `/api/provider/clock-in/${job}`,
      { occurredAt, deviceSeq: 2 ** 31 - 1 },
      randomUUID(),
    );
    expect(res.status).toBe(200);
    expect(msAgo(res.json.occurredAt)).toBeLessThan(60_000);
    const [event] = await db.knex('providerEvents').where({ bookingId: job });
    expect(event).toMatchObject({ suspicious: true, deviceSeq: 2 ** 31 - 1 });
    expect(event.deviceOccurredAt.toISOString()).toBe(occurredAt);
    expect(event.clockOffsetMs).toBeCloseTo(-off, -5);
  });
});
