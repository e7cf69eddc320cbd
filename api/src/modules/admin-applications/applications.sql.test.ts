import { ADMIN_PAGE_SIZE } from '@twinclean/shared/admin-pages';
import { beforeAll, describe, expect, it } from 'vitest';
import { newUser } from '../../test/people';
import { useTestDatabase } from '../../test/test-database';
import { applicationMatches, applicationPage, applicationRecord } from './applications.sql';

const db = useTestDatabase();
const at = (day: number) => new Date(Date.UTC(2026, 10, day, 12));

let decider: string;
let u1: string;
let u2: string;
type Key = 'ada' | 'adaAgain' | 'bob' | 'cy' | 'di';
const apps = {} as Record<Key, string>;

async function application(key: Key, fields: Record<string, unknown>) {
  const [row] = await db
    .knex('providerApplications')
    .insert({
      experience: `${key} experience`,
      availability: 'Weekdays',
      whyJoin: 'I like it tidy',
      status: 'new',
      ...fields,
    })
    .returning('id');
  apps[key] = row.id;
}

beforeAll(async () => {
  decider = (await newUser(db.knex, 'client', { firstName: 'Dee', lastName: 'Cider' })).id;
  const person = (first: string, last: string, email: string, phone: string) => ({
    firstName: first,
    lastName: last,
    email,
    phone,
  });
  // Ada twice (same e-mail), Bob sharing Ada's phone typed another way, two without a phone.
  await application('ada', {
    ...person('Ada', 'Lovelace', 'ada@example.com', '(612) 555-0101'),
    createdAt: at(1),
  });
  await application('adaAgain', {
    ...person('Ada', 'L', 'ada@example.com', '999'),
    status: 'rejected',
    decidedAt: at(3),
    decidedBy: decider,
    createdAt: at(2),
  });
  await application('bob', {
    ...person('Bob', 'Smith', 'bob@example.com', '+1 612-555-0101'),
    status: 'approved',
    decidedAt: at(4),
    decidedBy: decider,
    createdAt: at(3),
  });
  await application('cy', { ...person('Cy', 'Percent_', 'cy@example.com', ''), createdAt: at(4) });
  await application('di', { ...person('Di', 'Blank', 'di@example.com', ''), createdAt: at(5) });
  // An account of Ada's address, and Bob's own provider account (made by approving him).
  u1 = (await newUser(db.knex, 'client', { email: 'ada@example.com', createdAt: at(6) })).id;
  u2 = (
    await newUser(db.knex, 'provider', {
      email: 'bob.provider@example.com',
      phone: '612.555.0101',
      createdAt: at(7),
    })
  ).id;
  await db.knex('providerProfiles').insert({ userId: u2, applicationId: apps.bob });
});

describe('the applications page', () => {
  it('lists newest first with the decider and who else looks like the same person', async () => {
    const { rows, total } = await applicationPage(db.knex, {}, 1);
    expect(total).toBe(5);
    expect(rows.map((r) => r.id)).toEqual([apps.di, apps.cy, apps.bob, apps.adaAgain, apps.ada]);
    const dup = Object.fromEntries(
      rows.map((r) => [
        r.firstName + r.lastName,
        [Number(r.dupApplications), Number(r.dupAccounts)],
      ]),
    );
    expect(dup).toEqual({
      AdaLovelace: [2, 2],
      AdaL: [1, 1],
      // Bob's own account is not a duplicate of his application; Ada's application is.
      BobSmith: [1, 0],
      // Two empty phones are not the same phone.
      CyPercent_: [0, 0],
      DiBlank: [0, 0],
    });
    expect(rows.find((r) => r.id === apps.adaAgain)).toMatchObject({
      status: 'rejected',
      decidedBy: decider,
      deciderName: 'Dee Cider',
    });
    expect(rows.find((r) => r.id === apps.ada)).toMatchObject({
      decidedBy: null,
      deciderName: null,
    });
  });

  it('filters by status and by name or e-mail, taking % and _ literally', async () => {
    const ids = async (filters: Parameters<typeof applicationPage>[1]) => {
      const { rows, total } = await applicationPage(db.knex, filters, 1);
      expect(total).toBe(rows.length);
      return rows.map((r) => r.id);
    };
    expect(await ids({ status: 'new' })).toEqual([apps.di, apps.cy, apps.ada]);
    expect(await ids({ q: 'ADA L' })).toEqual([apps.adaAgain, apps.ada]);
    expect(await ids({ q: 'bob@' })).toEqual([apps.bob]);
    expect(await ids({ q: '_' })).toEqual([apps.cy]);
    expect(await ids({ q: '%' })).toEqual([]);
    expect(await ids({ q: 'ada', status: 'rejected' })).toEqual([apps.adaAgain]);
  });

  it('pages by the admin page size', async () => {
    const { rows, total } = await applicationPage(db.knex, {}, 2);
    expect(rows).toEqual([]);
    expect(total).toBe(5);
    expect(ADMIN_PAGE_SIZE).toBeGreaterThan(5);
  });
});

describe('one application', () => {
  it('reads its whole text with the summary figures', async () => {
    expect(await applicationRecord(db.knex, apps.adaAgain)).toMatchObject({
      id: apps.adaAgain,
      experience: 'adaAgain experience',
      availability: 'Weekdays',
      whyJoin: 'I like it tidy',
      deciderName: 'Dee Cider',
    });
    expect(
      await applicationRecord(db.knex, '00000000-0000-4000-8000-000000000000'),
    ).toBeUndefined();
  });

  it('names the other applications newest first and the accounts oldest first', async () => {
    const ada = await applicationMatches(db.knex, apps.ada);
    expect(ada.applications.map((a) => [a.id, a.status])).toEqual([
      [apps.bob, 'approved'],
      [apps.adaAgain, 'rejected'],
    ]);
    expect(ada.accounts.map((u) => [u.id, u.role])).toEqual([
      [u1, 'client'],
      [u2, 'provider'],
    ]);
    const bob = await applicationMatches(db.knex, apps.bob);
    expect(bob.applications.map((a) => a.id)).toEqual([apps.ada]);
    expect(bob.accounts).toEqual([]);
    const cy = await applicationMatches(db.knex, apps.cy);
    expect(cy).toEqual({ applications: [], accounts: [] });
  });
});
