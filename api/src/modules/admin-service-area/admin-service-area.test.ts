import {
  servedZipsSavedSchema,
  servedZipsViewSchema,
  waitlistSummarySchema,
} from '@twinclean/shared/service-area';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newUser } from '../../test/people';
import { snapshot } from '../../test/route-world';
import { type JsonCall, signedInJson, signInAs } from '../../test/sign-in';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';
import { WAITLIST_HEADER } from './waitlist';

const db = useTestDatabase();
const api = useTestServer(db);
let owner: JsonCall;
let staff: JsonCall;
let ownerId: string;
let defaultZips: string[];

const served = async () =>
  (await db.knex('servedZips').orderBy('zip')).map((row) => row.zip as string);

beforeAll(async () => {
  const o = await newUser(db.knex, 'client', { role: 'admin_owner' });
  const s = await newUser(db.knex, 'client', { role: 'admin_staff' });
  ownerId = o.id;
  owner = await signedInJson(api.url, o.email);
  staff = await signedInJson(api.url, s.email);
  defaultZips = await served();
});

beforeEach(async () => {
  await db.knex('waitlistEntries').delete();
  await db.knex('servedZips').delete();
  await db.knex('servedZips').insert(defaultZips.map((zip) => ({ zip })));
});

const join = (email: string, zip: string, serviceType: string, createdAt?: Date) =>
  db.knex('waitlistEntries').insert({ email, zip, serviceType, ...(createdAt && { createdAt }) });

describe('GET /api/admin/service-area', () => {
  it('lists the served ZIPs with their places, and who waits in them', async () => {
    await join('a@example.com', '55401', 'house');
    await join('a@example.com', '55401', 'carpet');
    await join('b@example.com', '55802', 'house');
    for (const caller of [owner, staff]) {
      const { status, json } = await caller('GET', '/api/admin/service-area');
      expect(status).toBe(200);
      const view = servedZipsViewSchema.parse(json);
      expect(view.zips).toHaveLength(194);
      expect(view.zips.map((z) => z.zip)).toEqual(defaultZips);
      expect(view.zips).toContainEqual({ zip: '55401', place: 'Minneapolis, MN' });
      expect(view.waitingInServed).toBe(1);
    }
  });
});

describe('PUT /api/admin/service-area', () => {
  it('replaces the list (each ZIP once) and audits what was added and removed', async () => {
    const zips = [...defaultZips.filter((z) => z !== '55401'), '55802', ' 55802', '55803'];
    const { status, json } = await owner('PUT', '/api/admin/service-area', { zips });
    expect(status).toBe(200);
    const saved = servedZipsSavedSchema.parse(json);
    expect(saved.added).toEqual(['55802', '55803']);
    expect(saved.removed).toEqual(['55401']);
    expect(saved.zips).toContainEqual({ zip: '55802', place: 'Duluth, MN' });
    expect(saved.zips).toHaveLength(195);
    expect(await served()).toEqual([...zips.slice(0, -3), '55802', '55803'].sort());
    const [entry] = await db.knex('auditLog').where({ action: 'service_area.update' });
    expect(entry).toMatchObject({
      actorId: ownerId,
      entity: 'service_area',
      after: { count: 195, added: ['55802', '55803'], removed: ['55401'] },
    });
    // The same list again: nothing to change, nothing audited.
    const again = await owner('PUT', '/api/admin/service-area', { zips });
    expect(again.json).toMatchObject({ added: [], removed: [] });
    expect(await db.knex('auditLog').where({ action: 'service_area.update' })).toHaveLength(1);
  });

  it('is the owner’s: staff are refused and nothing changes', async () => {
    const before = await snapshot(db.knex);
    const { status, json } = await staff('PUT', '/api/admin/service-area', { zips: ['55802'] });
    expect(status).toBe(403);
    expect(json.code).toBe('forbidden');
    expect(await snapshot(db.knex)).toBe(before);
  });

  it('refuses a bad list with 400 and a clear message, changing nothing', async () => {
    const before = await snapshot(db.knex);
    for (const [zips, words] of [
      [[], 'Keep at least one ZIP code'],
      [['5540'], 'ZIP code must be 5 digits'],
      [['55401', 'abcde'], 'ZIP code must be 5 digits'],
      ['55401', 'expected array'],
    ] as const) {
      const { status, json } = await owner('PUT', '/api/admin/service-area', { zips });
      expect(status).toBe(400);
      expect(JSON.stringify(json)).toContain(words);
    }
    expect(await snapshot(db.knex)).toBe(before);
  });
});

describe('GET /api/admin/waitlist', () => {
  it('groups by ZIP, newest first, with the newest entries, filtered as asked', async () => {
    await join('a@example.com', '55802', 'house', new Date('2026-11-01T12:00:00Z'));
    await join('b@example.com', '55802', 'carpet', new Date('2026-11-02T12:00:00Z'));
    await join('c@example.com', '55401', 'house', new Date('2026-10-01T12:00:00Z'));
    const { status, json } = await staff('GET', '/api/admin/waitlist');
    expect(status).toBe(200);
    const summary = waitlistSummarySchema.parse(json);
    expect(summary.groups).toEqual([
      {
        zip: '55802',
        place: 'Duluth, MN',
        served: false,
        total: 2,
        waiting: 2,
        byService: { house: 1, carpet: 1, laundry: 0, dry_cleaning: 0 },
        newestAt: '2026-11-02T12:00:00.000Z',
        notifiedAt: null,
      },
      expect.objectContaining({ zip: '55401', place: 'Minneapolis, MN', served: true }),
    ]);
    expect(summary.entries.map((e) => e.email)).toEqual([
      'b@example.com',
      'a@example.com',
      'c@example.com',
    ]);
    const carpet = await staff('GET', '/api/admin/waitlist?zip=55802&serviceType=carpet');
    expect(carpet.json.groups).toHaveLength(1);
    expect(carpet.json.entries.map((e: { email: string }) => e.email)).toEqual(['b@example.com']);
  });

  it('refuses a bad filter with 400', async () => {
    for (const query of ['zip=558', 'serviceType=windows']) {
      const { status, json } = await staff('GET', `/api/admin/waitlist?${query}`);
      expect(status).toBe(400);
      expect(json.message).toBeTruthy();
    }
  });
});

describe('GET /api/admin/exports/waitlist.csv', () => {
  it('has one row per entry, formulas neutralised, filtered as asked', async () => {
    await join('=cmd@example.com', '55802', 'dry_cleaning', new Date('2026-11-01T12:00:00Z'));
    await join('z@example.com', '55401', 'house', new Date('2026-10-01T12:00:00Z'));
    const request = await signInAs(
      api.url,
      (await newUser(db.knex, 'client', { role: 'admin_staff' })).email,
    );
    const all = await request('/api/admin/exports/waitlist.csv');
    expect(all.status).toBe(200);
    expect(all.headers.get('content-type')).toContain('text/csv');
    expect(all.headers.get('content-disposition')).toContain('waitlist.csv');
    const lines = (await all.text()).replace('\uFEFF', '').trimEnd().split('\r\n');
    expect(lines).toEqual([
      WAITLIST_HEADER.join(','),
      `'=cmd@example.com,55802,"Duluth, MN",Dry Cleaning & Rugs,2026-11-01T12:00:00.000Z,`,
      `z@example.com,55401,"Minneapolis, MN",House Cleaning,2026-10-01T12:00:00.000Z,`,
    ]);
    const duluth = await request('/api/admin/exports/waitlist.csv?zip=55802&serviceType=house');
    expect(duluth.headers.get('content-disposition')).toContain('waitlist-55802-house.csv');
    expect((await duluth.text()).trimEnd().split('\r\n')).toHaveLength(1);
  });
});
