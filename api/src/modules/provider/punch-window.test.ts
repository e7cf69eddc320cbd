import { randomUUID } from 'node:crypto';
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
    expect(event.suspicionReason).toContain(`Device time ${claimed}`);
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

  it('records and flags a clock-in sent online days before the slot', async () => {
    const post = await maria();
    const job = await assignedJob({ scheduledAt: new Date(Date.now() + 3 * DAY) });
    expect((await post(`/api/provider/clock-in/${job}`, near)).status).toBe(200);
    const [event] = await db.knex('providerEvents').where({ bookingId: job });
    expect(event).toMatchObject({ suspicious: true, deviceOccurredAt: null });
    expect(event.suspicionReason).toMatch(/^Received at .* outside the clock-in window/);
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
