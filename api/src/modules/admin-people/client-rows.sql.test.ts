import { type AdminClientSearch, adminClientListQuerySchema } from '@twinclean/shared/admin-people';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminPeopleWorld } from '../../test/admin-people-world';
import { useTestDatabase } from '../../test/test-database';
import { clientPage } from './client-rows.sql';

const db = useTestDatabase();
let world: Awaited<ReturnType<typeof adminPeopleWorld>>;

beforeAll(async () => {
  world = await adminPeopleWorld(db.knex);
});

const pageOf = (search: AdminClientSearch = {}) =>
  clientPage(db.knex, adminClientListQuerySchema.parse(search));
const firstNames = async (search: AdminClientSearch) =>
  (await pageOf(search)).rows.map((r) => r.firstName);

describe('a page of clients', () => {
  it('reads each client’s bookings, last visit, payments less refunds and membership', async () => {
    const { rows, total } = await pageOf();
    expect(total).toBe(4);
    expect(rows.map((r) => r.firstName)).toEqual(['Grace', 'Ada', 'Pat', 'Alan']);
    const adaNext = await db.knex('bookings').where({ id: world.adaNext }).first();
    expect(rows.find((r) => r.id === world.ada.id)).toMatchObject({
      bookings: 2,
      lastBooking: adaNext.scheduledDate,
      // $90 paid less $20 refunded; the failed deposit counts for nothing.
      paid: 7000,
      plan: null,
      status: null,
      phone: '(612) 555-0199',
      deactivatedAt: null,
    });
    expect(rows.find((r) => r.id === world.alan.id)).toMatchObject({
      bookings: 0,
      lastBooking: null,
      paid: 9999,
      plan: 'standard',
      status: 'active',
      subscriptionType: 'standard',
    });
    expect(rows.find((r) => r.id === world.grace.id)?.deactivatedAt).toBeInstanceOf(Date);
    expect(rows.find((r) => r.id === world.pat.id)).toMatchObject({ bookings: 0, paid: 0 });
  });

  it('sorts by each figure, people without one last', async () => {
    const tie = [world.grace.id, world.pat.id].sort();
    const paid = await pageOf({ sort: 'totalPaid', dir: 'desc' });
    expect(paid.rows.map((r) => r.id)).toEqual([world.alan.id, world.ada.id, ...tie.reverse()]);
    expect(await firstNames({ sort: 'bookings', dir: 'desc', pageSize: 2 })).toEqual([
      'Ada',
      'Grace',
    ]);
    // Grace's visit was two days ago, Ada's next is in three; Alan and Pat have none.
    const last = await pageOf({ sort: 'lastBooking', dir: 'asc' });
    expect(last.rows.slice(0, 2).map((r) => r.firstName)).toEqual(['Grace', 'Ada']);
    const lastDesc = await pageOf({ sort: 'lastBooking', dir: 'desc' });
    expect(lastDesc.rows.slice(0, 2).map((r) => r.firstName)).toEqual(['Ada', 'Grace']);
    expect(await firstNames({ sort: 'createdAt', dir: 'desc' })).toEqual([
      'Pat',
      'Alan',
      'Grace',
      'Ada',
    ]);
    expect(await firstNames({ sort: 'email', dir: 'asc' })).toEqual(
      (await pageOf()).rows
        .slice()
        .sort((a, b) => a.email.localeCompare(b.email))
        .map((r) => r.firstName),
    );
  });

  it('filters by membership, search and state, and pages', async () => {
    expect(await firstNames({ membership: 'standard' })).toEqual(['Alan']);
    expect(await firstNames({ q: 'hopper' })).toEqual(['Grace']);
    expect(await firstNames({ state: 'active' })).toEqual(['Ada', 'Pat', 'Alan']);
    const second = await pageOf({ pageSize: 3, page: 2 });
    expect(second.rows.map((r) => r.firstName)).toEqual(['Alan']);
    expect(second.total).toBe(4);
  });
});
