import { beforeAll, describe, expect, it } from 'vitest';
import { bookingRow } from '../../test/fixtures';
import { newUser } from '../../test/people';
import { useTestDatabase } from '../../test/test-database';
import { earningsSince, finishedJobCount } from './stats.sql';

const db = useTestDatabase();
const DAY = 86_400_000;
const NOW = new Date();
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY);

let provider: string;
let other: string;

/** A job the provider finished `days` ago and its payout: `worked` hours, `paid` of them paid. */
async function payout(
  providerId: string,
  days: number,
  worked: number,
  options: { paid?: number; status?: 'pending' | 'paid' } = {},
) {
  const at = daysAgo(days);
  const [job] = await db
    .knex('bookings')
    .insert(bookingRow(at, { providerId, assignedAt: at, clockInAt: at, clockOutAt: at }, worked))
    .returning('id');
  const hoursPaid = options.paid ?? worked;
  const cents = Math.round(hoursPaid * 2000);
  await db.knex('payouts').insert({
    providerId,
    bookingId: job.id,
    hoursWorked: worked,
    hoursPaid,
    reviewReason: hoursPaid === worked ? null : 'More hours than booked',
    hourlyRateCents: 2000,
    baseAmountCents: cents,
    totalAmountCents: cents,
    geofenceVerified: true,
    status: options.status ?? 'pending',
    paidAt: options.status === 'paid' ? NOW : null,
    createdAt: at,
  });
}

beforeAll(async () => {
  provider = (await newUser(db.knex, 'provider')).id;
  other = (await newUser(db.knex, 'provider')).id;
  await payout(provider, 1, 2, { status: 'paid' }); // 4000, this week, paid
  await payout(provider, 3, 3, { paid: 2 }); // 4000 for 2 paid hours, this week, pending
  await payout(provider, 10, 1.5, { status: 'paid' }); // 3000, this month only
  await payout(provider, 40, 4); // 8000, older than a month
  await payout(other, 1, 5, { status: 'paid' }); // someone else's
  // Assigned but not clocked out: not finished.
  await db
    .knex('bookings')
    .insert(bookingRow(new Date(NOW.getTime() + DAY), { providerId: provider, assignedAt: NOW }));
});

describe('earningsSince', () => {
  it("sums the provider's payouts earned after the date: total, paid and paid hours", async () => {
    expect(await earningsSince(db.knex, provider, daysAgo(7))).toEqual({
      total: 8000,
      paid: 4000,
      hours: 4,
    });
    expect(await earningsSince(db.knex, provider, daysAgo(30))).toEqual({
      total: 11000,
      paid: 7000,
      hours: 5.5,
    });
  });

  it('answers zeros when nothing was earned since', async () => {
    expect(await earningsSince(db.knex, provider, NOW)).toEqual({ total: 0, paid: 0, hours: 0 });
  });
});

describe('finishedJobCount', () => {
  it("counts the provider's clocked-out jobs only", async () => {
    expect(await finishedJobCount(db.knex, provider)).toBe(4);
    expect(await finishedJobCount(db.knex, other)).toBe(1);
    expect(await finishedJobCount(db.knex, (await newUser(db.knex, 'provider')).id)).toBe(0);
  });
});
