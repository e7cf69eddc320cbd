import { beforeAll, describe, expect, it } from 'vitest';
import { adminPeopleWorld } from '../../test/admin-people-world';
import { newUser } from '../../test/people';
import { useTestDatabase } from '../../test/test-database';
import { orderOf, people } from './search.sql';

const db = useTestDatabase();
let world: Awaited<ReturnType<typeof adminPeopleWorld>>;

beforeAll(async () => {
  world = await adminPeopleWorld(db.knex);
  // An admin matches no people search: only clients and providers are people here.
  await newUser(db.knex, 'client', { role: 'admin_staff', firstName: 'Ada', lastName: 'Admin' });
});

const found = async (
  role: 'client' | 'provider',
  filters: Parameters<typeof people>[2],
): Promise<string[]> => {
  const rows: { id: string }[] = await people(db.knex, role, filters)
    .select('u.id')
    .orderBy('u.lastName');
  return rows.map((r) => r.id);
};

describe('the people search', () => {
  it('finds the accounts of the role only, every word anywhere in name, e-mail or phone', async () => {
    expect(await found('client', {})).toEqual([
      world.grace.id,
      world.ada.id,
      world.pat.id,
      world.alan.id,
    ]);
    expect(await found('provider', {})).toEqual([world.zoe.id, world.abe.id, world.pia.id]);
    expect(await found('client', { q: 'ADA' })).toEqual([world.ada.id]);
    expect(await found('client', { q: 'lovelace ada' })).toEqual([world.ada.id]);
    expect(await found('client', { q: 'ada turing' })).toEqual([]);
    expect(await found('client', { q: world.alan.email })).toEqual([world.alan.id]);
    // A phone as typed or as digits alone.
    expect(await found('client', { q: '(612) 555' })).toEqual([world.ada.id]);
    expect(await found('client', { q: '6125550199' })).toEqual([world.ada.id]);
    expect(await found('provider', { q: '6125550142' })).toEqual([world.zoe.id]);
  });

  it('takes %, _ and \\ as themselves', async () => {
    expect(await found('client', { q: '_' })).toEqual([world.pat.id]);
    expect(await found('client', { q: '%' })).toEqual([]);
    expect(await found('client', { q: 'percent_sign' })).toEqual([world.pat.id]);
  });

  it('reads at most six words', async () => {
    expect(await found('client', { q: 'ada ada ada ada ada ada nobody' })).toEqual([world.ada.id]);
    expect(await found('client', { q: 'ada ada ada ada ada nobody' })).toEqual([]);
  });

  it('keeps active or deactivated accounts when asked', async () => {
    expect(await found('client', { state: 'deactivated' })).toEqual([world.grace.id]);
    expect(await found('client', { state: 'active' })).toEqual([
      world.ada.id,
      world.pat.id,
      world.alan.id,
    ]);
    expect(await found('provider', { state: 'deactivated', q: 'pia' })).toEqual([world.pia.id]);
    expect(await found('provider', { state: 'active', q: 'pia' })).toEqual([]);
  });
});

describe('the order of a sort', () => {
  it('lists the keys, then the id, in the asked direction, nulls last only when nullable', () => {
    expect(orderOf({ keys: ['u.last_name', 'u.first_name'] }, 'asc')).toBe(
      'u.last_name ASC, u.first_name ASC, u.id ASC',
    );
    expect(orderOf({ keys: ['r.rating'], nullable: true }, 'desc')).toBe(
      'r.rating DESC NULLS LAST, u.id DESC',
    );
  });
});
