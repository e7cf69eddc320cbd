import { beforeAll, describe, expect, it } from 'vitest';
import { camelCaseRows } from '../../core/csv-stream';
import { adminBookingsWorld } from '../../test/admin-bookings-world';
import { useTestDatabase } from '../../test/test-database';
import type { AdminBookingFilters } from './bookings-filter';
import {
  adminBookingsSql,
  countMatching,
  filtered,
  pageRows,
  providerGroups,
  providerRows,
} from './bookings-list.sql';
import type { AdminBookingRecord } from './bookings-rows';

const db = useTestDatabase();
let world: Awaited<ReturnType<typeof adminBookingsWorld>>;
/** The world's names by booking id. */
let nameOf: Map<string, string>;

beforeAll(async () => {
  world = await adminBookingsWorld(db.knex);
  nameOf = new Map(Object.entries(world.ids).map(([name, id]) => [id, name]));
});

const by = (sort: AdminBookingFilters['sort'], dir: 'asc' | 'desc' = 'asc', more = {}) =>
  ({ sort, dir, ...more }) as AdminBookingFilters;
const names = (rows: { id: string }[]) => rows.map((r) => nameOf.get(r.id));
const matching = async (filters: AdminBookingFilters) =>
  names(await filtered(db.knex, filters).select('b.id').orderBy('b.scheduledDate').orderBy('b.id'));
/** Names ordered by id: how the list breaks ties. */
const byId = (...tied: string[]) =>
  [...tied].sort((a, b) => (world.ids[a] as string).localeCompare(world.ids[b] as string));

describe('the admin bookings filters', () => {
  it('narrow by service, status, provider and dates, and count what they match', async () => {
    const scheduled = by('scheduledDate');
    expect(await matching({ ...scheduled, service: ['carpet'] })).toEqual(['emmy']);
    expect(await matching({ ...scheduled, service: ['laundry', 'dry_cleaning'] })).toEqual([
      'formula',
      'percent',
    ]);
    expect(await matching({ ...scheduled, status: 'completed' })).toEqual(['alan']);
    expect(await matching({ ...scheduled, status: 'canceled' })).toEqual(['marie']);
    expect(await matching({ ...scheduled, provider: world.zoe })).toEqual(byId('grace', 'emmy'));
    expect(await matching({ ...scheduled, provider: 'unassigned' })).toEqual([
      'formula',
      'percent',
      'ada',
      'marie',
    ]);
    expect((await matching({ ...scheduled, provider: 'assigned' })).sort()).toEqual(
      ['alan', 'emmy', 'grace', 'nina'].sort(),
    );
    expect(await matching({ ...scheduled, from: '2026-12-02', to: '2026-12-03' })).toEqual([
      'alan',
      'marie',
    ]);
    expect(await countMatching(db.knex, { ...scheduled, from: '2026-12-02' })).toBe(3);
    expect(await countMatching(db.knex, { ...scheduled, service: ['house'] })).toBe(5);
    expect(await countMatching(db.knex, scheduled)).toBe(8);
  });

  it('search every word in name, e-mail, address, city and ZIP, its % and _ taken literally', async () => {
    const scheduled = by('scheduledDate');
    expect(await matching({ ...scheduled, q: 'GRACE hopper' })).toEqual(['grace']);
    expect(await matching({ ...scheduled, q: 'grace lovelace' })).toEqual([]);
    expect(await matching({ ...scheduled, q: 'saint' })).toEqual(['ada']);
    expect(await matching({ ...scheduled, q: '55104' })).toEqual(['percent']);
    expect(await matching({ ...scheduled, q: 'math.example' })).toEqual(['emmy']);
    expect(await matching({ ...scheduled, q: 't_s' })).toEqual(['percent']);
    expect(await matching({ ...scheduled, q: '%' })).toEqual([]);
    expect(await countMatching(db.knex, { ...scheduled, q: 'lake' })).toBe(1);
  });
});

describe('a page of the admin bookings', () => {
  /** Every page of `size` read one after the other, as names. */
  async function allPages(filters: AdminBookingFilters, size: number) {
    const total = await countMatching(db.knex, filters);
    const pages: (string | undefined)[][] = [];
    for (let page = 1; page <= Math.ceil(total / size) + 1; page++) {
      pages.push(names(await pageRows(db.knex, filters, page, size, total)));
    }
    return pages;
  }

  it('orders by date and time, ties by id, both ways; a late page is read from the far end', async () => {
    const ascending = [
      'formula',
      'percent',
      ...byId('ada', 'grace', 'emmy'),
      'alan',
      'marie',
      'nina',
    ];
    // Page 3 (from row 7 of 8) is past the middle: walked to from the end, in reverse.
    expect(await allPages(by('scheduledDate'), 3)).toEqual([
      ascending.slice(0, 3),
      ascending.slice(3, 6),
      ascending.slice(6),
      [],
    ]);
    const descending = [...ascending].reverse();
    expect((await allPages(by('scheduledDate', 'desc'), 3)).flat()).toEqual(descending);
  });

  it('orders by amount, hours and creation, ties by id', async () => {
    expect((await allPages(by('totalAmount', 'desc'), 4)).flat()).toEqual([
      'alan',
      ...byId('ada', 'grace').reverse(),
      ...byId('marie', 'nina', 'formula', 'percent').reverse(),
      'emmy',
    ]);
    expect((await allPages(by('totalHours'), 5)).flat()).toEqual([
      'emmy',
      ...byId('marie', 'nina', 'formula', 'percent'),
      ...byId('ada', 'grace'),
      'alan',
    ]);
    expect(
      (await allPages(by('createdAt', 'asc', { service: ['laundry', 'dry_cleaning'] }), 1)).flat(),
    ).toEqual(byId('formula', 'percent'));
  });

  it('reads each row as the tables show it', async () => {
    const total = await countMatching(db.knex, by('scheduledDate'));
    const rows = await pageRows(db.knex, by('scheduledDate'), 1, 10, total);
    const row = (name: string) => rows.find((r) => r.id === world.ids[name]) as AdminBookingRecord;
    expect(row('ada')).toEqual({
      id: world.ids.ada,
      serviceType: 'house',
      clientFirstName: 'Ada',
      clientLastName: 'Lovelace',
      address: '12 Summit Ave',
      city: 'Saint Paul',
      state: 'MN',
      scheduledDate: '2026-12-01',
      scheduledTime: '09:00',
      totalHours: 3,
      providerId: null,
      derivedStatus: 'pending_assignment',
      totalAmountCents: 13_500,
      createdAt: new Date('2026-11-01T10:00:00Z'),
      selectedRooms: ['bedroom_1', 'full_bathroom_1', 'kitchen'],
      providerName: null,
      priceToConfirm: false,
    });
    expect(row('grace')).toMatchObject({
      providerId: world.zoe,
      providerName: 'Zoe Quill',
      selectedRooms: [],
    });
    expect(row('alan')).toMatchObject({ derivedStatus: 'completed', providerName: 'Abe Stone' });
  });

  it("gives the export every match in the list's order, as SQL to run", async () => {
    const filters = by('scheduledDate', 'desc', { service: ['house'] });
    const query = adminBookingsSql(db.knex, filters);
    const rows = camelCaseRows(
      (await db.knex.raw(query.sql, [...query.bindings])).rows,
    ) as AdminBookingRecord[];
    expect(names(rows)).toEqual(['nina', 'marie', 'alan', ...byId('ada', 'grace').reverse()]);
    expect(rows.find((r) => r.id === world.ids.grace)?.providerName).toBe('Zoe Quill');
  });
});

describe('the provider sort', () => {
  it('counts the matches per provider, by name then id, the unassigned last going up', async () => {
    const [zoeA, zoeB] = [world.zoe, world.zoe2].sort();
    const size = (id: string) => (id === world.zoe ? 2 : 1);
    const groups = (await providerGroups(db.knex, by('provider'))).map((g) => [
      g.providerId,
      Number(g.n),
    ]);
    expect(groups).toEqual([
      [world.abe, 1],
      [zoeA, size(zoeA as string)],
      [zoeB, size(zoeB as string)],
      [null, 4],
    ]);
    const down = await providerGroups(db.knex, by('provider', 'desc'));
    expect(down.map((g) => [g.providerId, Number(g.n)])).toEqual([...groups].reverse());
  });

  it('counts a search itself (no tallies for it)', async () => {
    // Minneapolis: everyone but Ada (Saint Paul) and the formula row (-Edina).
    const groups = await providerGroups(db.knex, by('provider', 'asc', { q: 'minneapolis' }));
    expect(groups.map((g) => [g.providerId, Number(g.n)])).toEqual(
      expect.arrayContaining([
        [world.abe, 1],
        [world.zoe, 2],
        [world.zoe2, 1],
        [null, 2],
      ]),
    );
    expect(groups).toHaveLength(4);
    expect(groups.at(-1)?.providerId).toBeNull();
  });

  it("reads a slice of one provider's matches in id order, or of the unassigned", async () => {
    const zoes = byId('grace', 'emmy');
    expect(names(await providerRows(db.knex, by('provider'), world.zoe, 0, 5))).toEqual(zoes);
    expect(names(await providerRows(db.knex, by('provider'), world.zoe, 1, 5))).toEqual(
      zoes.slice(1),
    );
    expect(names(await providerRows(db.knex, by('provider', 'desc'), world.zoe, 0, 1))).toEqual(
      [...zoes].reverse().slice(0, 1),
    );
    expect(names(await providerRows(db.knex, by('provider'), null, 1, 2))).toEqual(
      byId('ada', 'marie', 'formula', 'percent').slice(1, 3),
    );
    const house = by('provider', 'asc', { service: ['house'] });
    expect(names(await providerRows(db.knex, house, null, 0, 5))).toEqual(byId('ada', 'marie'));
  });

  it('flags a carpet price to confirm: assigned, not final, not canceled', async () => {
    await db.knex('bookings').where({ id: world.ids.emmy }).update({ priceIsFinal: false });
    const [emmy] = await providerRows(
      db.knex,
      by('provider', 'asc', { service: ['carpet'] }),
      world.zoe,
      0,
      1,
    );
    expect(emmy?.priceToConfirm).toBe(true);
    await db
      .knex('bookings')
      .where({ id: world.ids.emmy })
      .update({ canceledAt: new Date(), cancellationReason: 'Moved' });
    const [canceled] = await providerRows(
      db.knex,
      by('provider', 'asc', { service: ['carpet'] }),
      world.zoe,
      0,
      1,
    );
    expect(canceled?.priceToConfirm).toBe(false);
  });
});
