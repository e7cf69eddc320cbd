import { beforeAll, describe, expect, it } from 'vitest';
import { adminPeopleWorld } from '../../test/admin-people-world';
import { useTestDatabase } from '../../test/test-database';
import { joinLateral, type Lateral, type PeopleSort, pageOfPeople } from './paging.sql';
import { people } from './search.sql';

const db = useTestDatabase();
const NOW = new Date();
let world: Awaited<ReturnType<typeof adminPeopleWorld>>;

beforeAll(async () => {
  world = await adminPeopleWorld(db.knex, NOW);
});

const BOOKED: Lateral = {
  sql: `LEFT JOIN LATERAL (SELECT count(*)::int AS booked FROM bookings
    WHERE client_id = u.id) b ON true`,
};
/** Bookings scheduled after a bound date, to show a lateral's bindings reach the query. */
const after = (date: Date): Lateral => ({
  sql: `LEFT JOIN LATERAL (SELECT count(*)::int AS ahead FROM bookings
    WHERE client_id = u.id AND scheduled_at > ?) f ON true`,
  bindings: [date],
});

const names = (ids: string[]): Promise<{ id: string; firstName: string }[]> =>
  db.knex('users').whereIn('id', ids).select('id', 'firstName');

async function page(sort: PeopleSort, dir: 'asc' | 'desc', n: number, size = 2) {
  return pageOfPeople({
    matching: () => people(db.knex, 'client', {}),
    sort,
    dir,
    page: n,
    pageSize: size,
    rows: names,
  });
}

describe('a page of people', () => {
  it('orders by the sort’s figure, ties broken by id, and counts every match', async () => {
    const byId = [world.alan.id, world.pat.id].sort();
    const first = await page({ keys: ['b.booked'], laterals: [BOOKED] }, 'desc', 1);
    expect(first.rows.map((r) => r.firstName)).toEqual(['Ada', 'Grace']);
    expect(first.total).toBe(4);
    const second = await page({ keys: ['b.booked'], laterals: [BOOKED] }, 'desc', 2);
    expect(second.rows.map((r) => r.id)).toEqual([...byId].reverse());
    const ascending = await page({ keys: ['b.booked'], laterals: [BOOKED] }, 'asc', 1);
    expect(ascending.rows.map((r) => r.id)).toEqual(byId);
    expect((await page({ keys: ['b.booked'], laterals: [BOOKED] }, 'asc', 3)).rows).toEqual([]);
  });

  it('passes a lateral’s bindings on', async () => {
    const ahead = await page({ keys: ['f.ahead'], laterals: [after(NOW)] }, 'desc', 1, 1);
    expect(ahead.rows.map((r) => r.firstName)).toEqual(['Ada']);
    const far = new Date(NOW.getTime() + 10 * 86_400_000);
    const none = await page(
      { keys: ['f.ahead', 'u.last_name'], laterals: [after(far)] },
      'asc',
      1,
      4,
    );
    expect(none.rows.map((r) => r.firstName)).toEqual(['Grace', 'Ada', 'Pat', 'Alan']);
  });

  it('keeps the page’s order whatever order the rows come back in, and drops missing ones', async () => {
    const result = await pageOfPeople({
      matching: () => people(db.knex, 'client', {}),
      sort: { keys: ['u.last_name'] },
      dir: 'asc',
      page: 1,
      pageSize: 4,
      rows: async (ids) => (await names(ids)).filter((r) => r.id !== world.pat.id).reverse(),
    });
    expect(result.rows.map((r) => r.firstName)).toEqual(['Grace', 'Ada', 'Alan']);
    expect(result.total).toBe(4);
  });

  it('joins a lateral onto any query on users AS u', async () => {
    const query = db.knex('users as u').where('u.id', world.ada.id);
    joinLateral(query, BOOKED);
    expect(await query.first('b.booked')).toEqual({ booked: 2 });
  });
});
