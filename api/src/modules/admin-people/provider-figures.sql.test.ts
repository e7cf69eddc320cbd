import {
  type AdminProviderSearch,
  adminProviderListQuerySchema,
} from '@twinclean/shared/admin-people';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminPeopleWorld } from '../../test/admin-people-world';
import { bookingRow } from '../../test/fixtures';
import { newUser } from '../../test/people';
import { useTestDatabase } from '../../test/test-database';
import { providerFigures, providerPage, upcomingJobs } from './provider-figures.sql';

const db = useTestDatabase();
const NOW = new Date();
const DAY = 86_400_000;
let world: Awaited<ReturnType<typeof adminPeopleWorld>>;

beforeAll(async () => {
  world = await adminPeopleWorld(db.knex, NOW);
});

const pageOf = (search: AdminProviderSearch = {}) =>
  providerPage(db.knex, adminProviderListQuerySchema.parse(search), NOW);
const firstNames = async (search: AdminProviderSearch) =>
  (await pageOf(search)).rows.map((r) => r.firstName);

describe('a page of providers', () => {
  it('reads each provider’s rating, jobs, last 7 and 30 days’ pay and weekly slots', async () => {
    const { rows, total } = await pageOf();
    expect(total).toBe(3);
    expect(rows.map((r) => r.firstName)).toEqual(['Zoe', 'Abe', 'Pia']);
    const zoe = rows[0];
    // Paid 3 h ($75) two days ago and 2 h ($50) twenty days ago; rated 5 and 4.
    expect(zoe).toMatchObject({
      id: world.zoe.id,
      ratedJobs: 2,
      jobsDone: 2,
      weekHours: 3,
      monthHours: 5,
      vipMarkedAt: null,
      slots: [
        { dayOfWeek: 1, startTime: '08:00', endTime: '12:00' },
        { dayOfWeek: 3, startTime: '09:00', endTime: '17:00' },
      ],
    });
    expect(Number(zoe?.rating)).toBe(4.5);
    expect([zoe?.weekEarnings, zoe?.monthEarnings].map(Number)).toEqual([7500, 12500]);
    // Abe's one job was 45 days ago: done, but in neither window.
    const abe = rows[1];
    expect(abe).toMatchObject({
      jobsDone: 1,
      weekHours: 0,
      monthHours: 0,
      rating: null,
      slots: [],
    });
    expect([abe?.weekEarnings, abe?.monthEarnings].map(Number)).toEqual([0, 0]);
  });

  it('sorts by each figure, providers without a rating last', async () => {
    const unrated = [
      { id: world.abe.id, name: 'Abe' },
      { id: world.pia.id, name: 'Pia' },
    ].sort((a, b) => (a.id < b.id ? -1 : 1));
    expect(await firstNames({ sort: 'rating', dir: 'asc' })).toEqual([
      'Zoe',
      ...unrated.map((p) => p.name),
    ]);
    expect((await firstNames({ sort: 'rating', dir: 'desc' }))[0]).toBe('Zoe');
    expect((await firstNames({ sort: 'jobsDone', dir: 'desc' })).slice(0, 2)).toEqual([
      'Zoe',
      'Abe',
    ]);
    expect((await firstNames({ sort: 'jobsDone', dir: 'asc' }))[0]).toBe('Pia');
    expect((await firstNames({ sort: 'weekHours', dir: 'desc' }))[0]).toBe('Zoe');
    expect((await firstNames({ sort: 'monthEarnings', dir: 'desc' }))[0]).toBe('Zoe');
    expect((await firstNames({ sort: 'weekEarnings', dir: 'asc' })).at(-1)).toBe('Zoe');
    expect((await firstNames({ sort: 'monthHours', dir: 'asc' })).at(-1)).toBe('Zoe');
  });

  it('filters by search and state, and pages', async () => {
    expect(await firstNames({ q: 'quill' })).toEqual(['Zoe']);
    expect(await firstNames({ state: 'deactivated' })).toEqual(['Pia']);
    const second = await pageOf({ pageSize: 2, page: 2 });
    expect(second.rows.map((r) => r.firstName)).toEqual(['Pia']);
    expect(second.total).toBe(3);
  });
});

describe('one provider’s figures', () => {
  it('adds the profile and who marked them VIP', async () => {
    expect(await providerFigures(db.knex, world.zoe.id, NOW)).toMatchObject({
      id: world.zoe.id,
      bio: 'Tidy',
      homeZipCode: null,
      jobsDone: 2,
      weekHours: 3,
      vipMarkedByName: null,
    });
    const marker = await newUser(db.knex, 'client', {
      role: 'admin_owner',
      firstName: 'Mara',
      lastName: 'Marker',
    });
    await db
      .knex('users')
      .where({ id: world.abe.id })
      .update({ vipMarkedAt: NOW, vipMarkedBy: marker.id });
    expect(await providerFigures(db.knex, world.abe.id, NOW)).toMatchObject({
      bio: null,
      vipMarkedAt: NOW,
      vipMarkedByName: 'Mara Marker',
    });
  });

  it('is nobody for a client or an unknown id', async () => {
    expect(await providerFigures(db.knex, world.ada.id, NOW)).toBeUndefined();
    expect(
      await providerFigures(db.knex, '00000000-0000-4000-8000-000000000000', NOW),
    ).toBeUndefined();
  });
});

describe('a provider’s upcoming jobs', () => {
  it('are the assigned visits ahead, neither canceled nor started, soonest first', async () => {
    const insert = async (days: number, fields: Record<string, unknown> = {}) => {
      const start = new Date(NOW.getTime() + days * DAY);
      const [row] = await db
        .knex('bookings')
        .insert(bookingRow(start, { providerId: world.abe.id, assignedAt: NOW, ...fields }))
        .returning('id');
      return row.id as string;
    };
    const later = await insert(5);
    const sooner = await insert(1);
    await insert(2, { canceledAt: NOW, cancellationReason: 'Moved' });
    await insert(-1);
    await insert(0.01, { clockInAt: NOW });
    const jobs = await upcomingJobs(db.knex, world.abe.id, NOW, 20);
    expect(jobs.map((j) => j.id)).toEqual([sooner, later]);
    expect(jobs[0]).toMatchObject({ serviceType: 'house', derivedStatus: 'assigned' });
    expect((await upcomingJobs(db.knex, world.abe.id, NOW, 1)).map((j) => j.id)).toEqual([sooner]);
    expect((await upcomingJobs(db.knex, world.zoe.id, NOW, 20)).map((j) => j.id)).toEqual([
      world.upcoming,
    ]);
  });
});
