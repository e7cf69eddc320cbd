import { beforeAll, describe, expect, it } from 'vitest';
import { bookingRow } from '../../test/fixtures';
import { newUser } from '../../test/people';
import { useTestDatabase } from '../../test/test-database';
import type { AdminBookingFilters } from './bookings-filter';
import { filtered, pageRows } from './bookings-list.sql';
import { dayOfOffset, dayTallyCount } from './day-tallies.sql';
import { compactTallies } from './tallies.sql';

const db = useTestDatabase();
const DAY = 86_400_000;
let provider: string;
let client: string;

beforeAll(async () => {
  provider = (await newUser(db.knex, 'provider')).id;
  client = (await newUser(db.knex)).id;
});

/** `count` bookings over `days` days from `first`, every third assigned, every fifth carpet. */
async function insertBookings(count: number, days: number, first = Date.UTC(2027, 0, 4, 15)) {
  const ids: string[] = [];
  for (let start = 0; start < count; start += 1000) {
    const rows = Array.from({ length: Math.min(1000, count - start) }, (_, j) => {
      const i = start + j;
      return bookingRow(new Date(first + (i % days) * DAY + (i % 7) * 3_600_000), {
        serviceType: i % 5 === 0 ? 'carpet' : 'house',
        clientId: client,
        providerId: i % 3 === 0 ? provider : null,
        assignedAt: i % 3 === 0 ? new Date() : null,
      });
    });
    const inserted = await db.knex('bookings').insert(rows).returning('id');
    ids.push(...inserted.map((r: { id: string }) => r.id));
  }
  return ids;
}

/** What the bookings say per service, status and day, as the day tallies should. */
async function counted() {
  const { rows } = await db.knex.raw(
    `SELECT service_type, derived_status, scheduled_date::text AS day, count(*)::int AS n
     FROM bookings GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
  );
  return rows;
}
async function tallied() {
  const { rows } = await db.knex.raw(
    `SELECT service_type, derived_status, scheduled_date::text AS day, sum(n)::int AS n
     FROM booking_day_tallies GROUP BY 1, 2, 3 HAVING sum(n) <> 0 ORDER BY 1, 2, 3`,
  );
  return rows;
}
const logRows = async () =>
  Number((await db.knex('booking_day_tallies').count({ n: '*' }).first())?.n);

const by = (sort: AdminBookingFilters['sort'], dir: 'asc' | 'desc', more = {}) =>
  ({ sort, dir, ...more }) as AdminBookingFilters;

describe('the day tallies', () => {
  it('agree with the bookings after inserts, reschedules, cancels and deletes, and after compaction', async () => {
    const ids = await insertBookings(60, 5);
    expect(await tallied()).toEqual(await counted());
    await db
      .knex('bookings')
      .whereIn('id', ids.slice(0, 8))
      .update({ scheduledDate: '2027-02-01' });
    await db
      .knex('bookings')
      .whereIn('id', ids.slice(6, 12))
      .update({ canceledAt: new Date(), cancellationReason: 'Client moved' });
    // A write that changes no key adds nothing to the log.
    const before = await logRows();
    await db.knex('bookings').whereIn('id', ids.slice(20, 30)).update({ clientNotes: 'gate' });
    expect(await logRows()).toBe(before);
    await db.knex('bookings').whereIn('id', ids.slice(50, 60)).delete();
    expect(await tallied()).toEqual(await counted());

    const log = await logRows();
    await compactTallies(db.knex);
    expect(await logRows()).toBe((await counted()).length);
    expect(await logRows()).toBeLessThan(log);
    expect(await tallied()).toEqual(await counted());
    await db.knex('bookings').whereIn('id', ids).delete();
  });

  it('count a date range with service and status as counting the bookings would', async () => {
    const ids = await insertBookings(40, 10);
    const truth = async (filters: AdminBookingFilters) =>
      Number((await filtered(db.knex, filters).count({ n: '*' }).first())?.n);
    const range = by('scheduledDate', 'desc', { from: '2027-01-06', to: '2027-01-09' });
    for (const filters of [
      range,
      { ...range, service: ['house'] },
      { ...range, service: ['carpet'], status: 'assigned' },
      by('scheduledDate', 'asc', { from: '2027-01-10' }),
    ] as AdminBookingFilters[]) {
      expect(await dayTallyCount(db.knex, filters)).toBe(await truth(filters));
    }
    expect(await dayTallyCount(db.knex, range)).toBeGreaterThan(0);
    // A provider or a search is not a key of theirs: the caller counts the bookings instead.
    expect(await dayTallyCount(db.knex, { ...range, provider })).toBeUndefined();
    expect(await dayTallyCount(db.knex, { ...range, q: 'pat' })).toBeUndefined();
    await db.knex('bookings').whereIn('id', ids).delete();
  });

  it("name the day, or status and day, holding a row, and how many come before it, in the sort's order", async () => {
    const ids = await insertBookings(12, 3);
    // Four bookings a day on 4, 5 and 6 January, those of the 4th assigned.
    const at = async (filters: AdminBookingFilters, offset: number) =>
      (await dayOfOffset(db.knex, filters, offset)?.query)?.[0];
    const day = (date: string, before: number) => ({ scheduledDate: date, before });
    expect(await at(by('scheduledDate', 'asc'), 0)).toMatchObject(day('2027-01-04', 0));
    expect(await at(by('scheduledDate', 'asc'), 4)).toMatchObject(day('2027-01-05', 4));
    expect(await at(by('scheduledDate', 'desc'), 3)).toMatchObject(day('2027-01-06', 0));
    expect(await at(by('scheduledDate', 'desc'), 11)).toMatchObject(day('2027-01-04', 8));
    expect(await at(by('scheduledDate', 'asc'), 12)).toBeUndefined();
    const pending = 'pending_assignment';
    expect(await at(by('status', 'asc'), 2)).toMatchObject({
      derivedStatus: 'assigned',
      ...day('2027-01-04', 0),
    });
    expect(await at(by('status', 'asc'), 4)).toMatchObject({
      derivedStatus: pending,
      ...day('2027-01-05', 4),
    });
    expect(await at(by('status', 'desc'), 3)).toMatchObject({
      derivedStatus: pending,
      ...day('2027-01-06', 0),
    });
    expect(await at(by('status', 'asc', { status: pending }), 5)).toMatchObject({
      derivedStatus: pending,
      ...day('2027-01-06', 4),
    });
    expect(dayOfOffset(db.knex, by('totalAmount', 'asc'), 4)).toBeUndefined();
    expect(dayOfOffset(db.knex, by('scheduledDate', 'asc', { provider }), 4)).toBeUndefined();
    await db.knex('bookings').whereIn('id', ids).delete();
  });

  it('start a page far into the list on its day, with the rows walking there would give', async () => {
    await insertBookings(20_000, 40);
    const queries: string[] = [];
    const log = (query: { sql: string }) => queries.push(query.sql);
    db.knex.on('query', log);
    for (const filters of [
      by('scheduledDate', 'desc', { service: ['house'] }),
      by('scheduledDate', 'asc'),
      by('status', 'desc', { service: ['house'] }),
      by('status', 'asc', { service: ['carpet', 'house'], from: '2027-01-08' }),
    ]) {
      const walked = filtered(db.knex, filters).select('b.id');
      const order = filters.sort === 'status' ? ['b.derivedStatus'] : [];
      for (const key of [...order, 'b.scheduledDate', 'b.scheduledTime', 'b.id']) {
        walked.orderBy(key, filters.dir);
      }
      const total = Number((await filtered(db.knex, filters).count({ n: '*' }).first())?.n);
      for (const page of [240, 301, Math.ceil(total / 2 / 25)]) {
        const rows = await pageRows(db.knex, filters, page, 25, total);
        const expected = await walked
          .clone()
          .offset((page - 1) * 25)
          .limit(25);
        expect(rows.map((r) => r.id)).toEqual(expected.map((r: { id: string }) => r.id));
        expect(rows).toHaveLength(25);
      }
    }
    db.knex.off('query', log);
    expect(queries.filter((sql) => sql.includes('booking_day_tallies'))).toHaveLength(12);
  });
});
