import {
  ADMIN_PROVIDER_SORTS,
  type AdminProviderRow,
  adminProviderPageSchema,
  adminProviderSchema,
} from '@twinclean/shared/admin-people';
import { errorBodySchema } from '@twinclean/shared/errors';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminPeopleWorld } from '../../test/admin-people-world';
import { newUser } from '../../test/people';
import { signInAs } from '../../test/sign-in';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';

const db = useTestDatabase();
const api = useTestServer(db);

let admin: Awaited<ReturnType<typeof signInAs>>;
let staffId: string;
let world: Awaited<ReturnType<typeof adminPeopleWorld>>;

beforeAll(async () => {
  const staff = await newUser(db.knex, 'client', { role: 'admin_staff', firstName: 'Sam' });
  staffId = staff.id;
  admin = await signInAs(api.url, staff.email);
  world = await adminPeopleWorld(db.knex);
});

async function list(query = '') {
  const res = await admin(`/api/admin/providers${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return adminProviderPageSchema.parse(await res.json());
}
const names = (rows: AdminProviderRow[]) => rows.map((r) => r.firstName);
const ids = (rows: AdminProviderRow[]) => rows.map((r) => r.id);

const vip = (id: string, body: unknown) =>
  admin(`/api/admin/providers/${id}/vip`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('GET /api/admin/providers', () => {
  it('lists providers only, by last name, with their work of the last 7 and 30 days', async () => {
    const page = await list();
    expect(page).toMatchObject({ total: 3, page: 1, pageSize: 25 });
    expect(names(page.items)).toEqual(['Zoe', 'Abe', 'Pia']);
    const zoe = page.items.find((r) => r.id === world.zoe.id);
    expect(zoe).toMatchObject({
      phone: '612-555-0142',
      rating: 4.5,
      ratedJobs: 2,
      // A rating alone is not VIP without 10 rated jobs; nobody has marked Zoe.
      vip: false,
      vipMarked: false,
      jobsDone: 2,
      week: { hours: 3, earnings: '75.00' },
      month: { hours: 5, earnings: '125.00' },
      // The inactive Friday slot counts for nothing.
      availability: { days: [1, 3], weeklyHours: 12 },
      deactivatedAt: null,
    });
    expect(zoe?.availability.nextAvailableAt).not.toBeNull();
    const abe = page.items.find((r) => r.id === world.abe.id);
    expect(abe).toMatchObject({
      rating: null,
      jobsDone: 1,
      week: { hours: 0, earnings: '0.00' },
      month: { hours: 0, earnings: '0.00' },
      availability: { days: [], weeklyHours: 0, nextAvailableAt: null },
    });
  });

  it('searches, filters by state, sorts every way and pages without gaps', async () => {
    expect(names((await list('?q=quill')).items)).toEqual(['Zoe']);
    expect(names((await list('?q=5550142')).items)).toEqual(['Zoe']);
    expect(names((await list('?state=deactivated')).items)).toEqual(['Pia']);
    // Abe and Pia both earned nothing this month: the id breaks their tie, in the sort's direction.
    const idle = [world.abe, world.pia].sort((a, b) => (a.id < b.id ? 1 : -1));
    expect(ids((await list('?sort=monthEarnings&dir=desc')).items)).toEqual([
      world.zoe.id,
      ...idle.map((p) => p.id),
    ]);
    expect(names((await list('?sort=jobsDone&dir=asc')).items)).toEqual(['Pia', 'Abe', 'Zoe']);
    // Without a rating, last whichever way.
    expect(names((await list('?sort=rating&dir=asc')).items)[0]).toBe('Zoe');
    expect(names((await list('?sort=rating&dir=desc')).items)[0]).toBe('Zoe');
    for (const sort of ADMIN_PROVIDER_SORTS) {
      for (const dir of ['asc', 'desc']) {
        const all = await list(`?sort=${sort}&dir=${dir}`);
        const paged = [
          ...(await list(`?sort=${sort}&dir=${dir}&pageSize=2`)).items,
          ...(await list(`?sort=${sort}&dir=${dir}&pageSize=2&page=2`)).items,
        ];
        expect(
          paged.map((r) => r.id),
          `${sort} ${dir}`,
        ).toEqual(all.items.map((r) => r.id));
      }
    }
  });
});

describe('GET /api/admin/providers/{id}', () => {
  it('answers the profile, weekly slots, upcoming jobs and recent payouts', async () => {
    const res = await admin(`/api/admin/providers/${world.zoe.id}`);
    expect(res.status).toBe(200);
    const zoe = adminProviderSchema.parse(await res.json());
    expect(zoe).toMatchObject({ bio: 'Tidy', vipMarkedAt: null, vipMarkedBy: null, jobsDone: 2 });
    expect(zoe.slots.map((s) => [s.dayOfWeek, s.startTime, s.endTime])).toEqual([
      [1, '08:00', '12:00'],
      [3, '09:00', '17:00'],
    ]);
    expect(zoe.upcomingJobs).toMatchObject([{ id: world.upcoming, status: 'assigned' }]);
    expect(zoe.recentPayouts.map((p) => p.id)).toEqual(world.payouts.slice(0, 2));
    expect(zoe.recentPayouts[0]).toMatchObject({ hoursPaid: 3, total: '75.00', status: 'pending' });
  });

  it('answers 404 for an unknown id or a client', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', world.ada.id]) {
      const res = await admin(`/api/admin/providers/${id}`);
      expect(res.status).toBe(404);
      expect(errorBodySchema.parse(await res.json()).message).toBe('Provider not found.');
    }
  });
});

describe('POST /api/admin/providers/{id}/vip', () => {
  it('marks and clears VIP with who and when, each change in the audit log once', async () => {
    const marked = adminProviderSchema.parse(await (await vip(world.abe.id, { vip: true })).json());
    expect(marked).toMatchObject({ vip: true, vipMarked: true, vipMarkedBy: 'Sam Tester' });
    expect(marked.vipMarkedAt).not.toBeNull();
    // Asking again changes nothing and records nothing.
    expect((await vip(world.abe.id, { vip: true })).status).toBe(200);
    const listed = (await list()).items.find((r) => r.id === world.abe.id);
    expect(listed).toMatchObject({ vip: true, vipMarked: true });

    const cleared = adminProviderSchema.parse(
      await (await vip(world.abe.id, { vip: false })).json(),
    );
    expect(cleared).toMatchObject({ vip: false, vipMarked: false, vipMarkedAt: null });
    const log = await db.knex('auditLog').where({ entity: 'provider', entityId: world.abe.id });
    expect(log.map((e) => [e.action, e.actorId])).toEqual([
      ['provider.mark_vip', staffId],
      ['provider.unmark_vip', staffId],
    ]);
    expect(log[0].before).toEqual({ vipMarkedAt: null, vipMarkedBy: null });
    expect(log[0].after).toMatchObject({ vipMarkedBy: staffId });
  });

  it('refuses a client, an unknown provider and a bad body, changing nothing', async () => {
    expect((await vip(world.ada.id, { vip: true })).status).toBe(404);
    expect((await vip('00000000-0000-4000-8000-000000000000', { vip: true })).status).toBe(404);
    for (const body of [{}, { vip: 'yes' }, { vip: null }]) {
      const res = await vip(world.zoe.id, body);
      expect(res.status).toBe(400);
      expect(errorBodySchema.parse(await res.json()).code).toBe('validation_error');
    }
    const zoe = await db.knex('users').where({ id: world.zoe.id }).first();
    expect(zoe.vipMarkedAt).toBeNull();
  });

  it('is for admins only', async () => {
    for (const user of [world.pat, world.zoe]) {
      const request = await signInAs(api.url, user.email);
      const res = await request(`/api/admin/providers/${world.zoe.id}/vip`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ vip: true }),
      });
      expect(res.status).toBe(403);
      expect((await request('/api/admin/providers')).status).toBe(403);
      expect((await request(`/api/admin/providers/${world.zoe.id}`)).status).toBe(403);
    }
    const owner = await newUser(db.knex, 'client', { role: 'admin_owner' });
    const asOwner = await signInAs(api.url, owner.email);
    expect((await asOwner('/api/admin/providers')).status).toBe(200);
  });
});
