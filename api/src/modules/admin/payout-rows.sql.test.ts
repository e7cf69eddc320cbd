import { randomUUID } from 'node:crypto';
import { ADMIN_PAGE_SIZE } from '@twinclean/shared/admin-pages';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookingRow } from '../../test/fixtures';
import { newUser } from '../../test/people';
import { useTestDatabase } from '../../test/test-database';
import { allPayoutRows, payoutCount, payoutPage, payoutRow } from './payout-rows.sql';

const db = useTestDatabase();
const HOUR = 3_600_000;
let ann: string;
let ben: string;
let admin: string;

/** A finished job of `provider` and its payout, created at `createdAt`. */
async function payout(provider: string, createdAt: Date, fields: Record<string, unknown> = {}) {
  const start = new Date(createdAt.getTime() - 3 * HOUR);
  const [job] = await db
    .knex('bookings')
    .insert(
      bookingRow(start, {
        address: `${Math.floor(Math.random() * 900) + 100} Oak St`,
        providerId: provider,
        assignedAt: start,
        clockInAt: start,
        clockOutAt: createdAt,
      }),
    )
    .returning('id');
  const [row] = await db
    .knex('payouts')
    .insert({
      providerId: provider,
      bookingId: job.id,
      hoursWorked: 2.5,
      hoursPaid: 2.5,
      hourlyRateCents: 2500,
      baseAmountCents: 6250,
      waitPayCents: 500,
      totalAmountCents: 6750,
      geofenceVerified: false,
      createdAt,
      ...fields,
    })
    .returning('id');
  return { id: row.id as string, bookingId: job.id as string };
}

const at = (day: number) => new Date(Date.UTC(2026, 10, day, 18));
const ids = (rows: { id: string }[]) => rows.map((r) => r.id);
let older: { id: string; bookingId: string };
let paid: { id: string; bookingId: string };
let newest: { id: string; bookingId: string };

beforeAll(async () => {
  ann = (await newUser(db.knex, 'provider', { firstName: 'Ann', lastName: 'Able' })).id;
  ben = (await newUser(db.knex, 'provider', { firstName: 'Ben', lastName: 'Baker' })).id;
  admin = (
    await newUser(db.knex, 'client', { role: 'admin_staff', firstName: 'Sam', lastName: 'Staff' })
  ).id;
  older = await payout(ann, at(1));
  paid = await payout(ben, at(2), { status: 'paid', paidAt: at(3), paidBy: admin });
  newest = await payout(ann, at(4));
  const [event] = await db
    .knex('providerEvents')
    .insert({
      clientEventId: randomUUID(),
      providerId: ann,
      bookingId: newest.bookingId,
      type: 'clock_in',
      occurredAt: at(4),
      latitude: 44.9466,
      longitude: -93.2862,
      responseStatus: 200,
      responseBody: JSON.stringify({}),
    })
    .returning('id');
  await db.knex('payouts').where({ id: newest.id }).update({ clockInEventId: event.id });
});

describe('the payouts report', () => {
  it('reads the newest first, by status and provider, and counts what it chooses', async () => {
    expect(ids(await payoutPage(db.knex, {}, 1))).toEqual([newest.id, paid.id, older.id]);
    expect(await payoutCount(db.knex, {})).toBe(3);
    expect(ids(await payoutPage(db.knex, { status: 'pending' }, 1))).toEqual([newest.id, older.id]);
    expect(await payoutCount(db.knex, { status: 'pending' })).toBe(2);
    expect(ids(await payoutPage(db.knex, { status: 'paid' }, 1))).toEqual([paid.id]);
    expect(ids(await payoutPage(db.knex, { providerId: ben }, 1))).toEqual([paid.id]);
    expect(await payoutCount(db.knex, { providerId: ann, status: 'paid' })).toBe(0);
    expect(ids(await allPayoutRows(db.knex, { providerId: ann }))).toEqual([newest.id, older.id]);
  });

  it('reads a payout with its provider, job, punch points and who paid it', async () => {
    const row = await payoutRow(db.knex, newest.id);
    expect(row).toMatchObject({
      id: newest.id,
      providerId: ann,
      bookingId: newest.bookingId,
      firstName: 'Ann',
      lastName: 'Able',
      city: 'Minneapolis',
      state: 'MN',
      serviceType: 'house',
      priceIsFinal: true,
      totalAmountCents: 6750,
      status: 'pending',
      inLatitude: 44.9466,
      inLongitude: -93.2862,
      outLatitude: null,
      outLongitude: null,
      paidAt: null,
      paidByName: null,
      createdAt: at(4),
    });
    expect(Number(row?.hoursWorked)).toBe(2.5);
    expect(await payoutRow(db.knex, paid.id)).toMatchObject({
      firstName: 'Ben',
      status: 'paid',
      paidAt: at(3),
      paidByName: 'Sam Staff',
    });
    expect(await payoutRow(db.knex, randomUUID())).toBeUndefined();
  });

  it('pages by the newest first, ties broken by the greater id', async () => {
    const same = at(20);
    const made: string[] = [];
    for (let i = 0; i < ADMIN_PAGE_SIZE; i++) made.push((await payout(ben, same)).id);
    const expected = [...made.sort().reverse(), newest.id, paid.id, older.id];
    const first = ids(await payoutPage(db.knex, {}, 1));
    const second = ids(await payoutPage(db.knex, {}, 2));
    expect(first).toEqual(expected.slice(0, ADMIN_PAGE_SIZE));
    expect(second).toEqual(expected.slice(ADMIN_PAGE_SIZE));
    expect(await payoutCount(db.knex, {})).toBe(ADMIN_PAGE_SIZE + 3);
  });
});
