import {
  type AdminChecklists,
  adminChecklistsSchema,
  type ChecklistLists,
  publicChecklistsSchema,
} from '@twinclean/shared/checklists';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../../../db/seeds/demo-accounts';
import { seedDemoData } from '../../../db/seeds/seed';
import { type JsonCall, signedInJson } from '../../test/sign-in';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';

const db = useTestDatabase();
const api = useTestServer(db, () => ({ trustProxy: true }));
let owner: JsonCall;
let staff: JsonCall;

beforeAll(async () => {
  await seedDemoData(db.knex);
  owner = await signedInJson(api.url, demoAccounts.owner.email);
  staff = await signedInJson(api.url, demoAccounts.staff.email);
});

const current = async (): Promise<AdminChecklists> =>
  adminChecklistsSchema.parse((await owner('GET', '/api/admin/checklists')).json);
const versionCount = async () =>
  Number((await db.knex('checklistVersions').count({ n: '*' }))[0]?.n);
const withKitchen = (lists: ChecklistLists, kitchen: string[]): ChecklistLists => ({
  ...lists,
  rooms: { ...lists.rooms, kitchen },
});

describe('the checklist versions', () => {
  it('start with the lists the site published, shown to anyone in the site order', async () => {
    const res = await fetch(`${api.url}/api/checklists`);
    expect(res.status).toBe(200);
    const lists = publicChecklistsSchema.parse(await res.json());
    expect(lists.version).toBe(1);
    expect(lists.rooms.map((r) => r.label)).toEqual([
      'Kitchen',
      'Bathrooms',
      'Bedrooms',
      'Living room',
      'Dining room',
      'Hallways and entries',
    ]);
    expect(lists.rooms[0]?.tasks[0]).toBe('Counters and backsplash wiped');
  });

  it('are saved by an owner as a new version, audited, listed newest first, the old one kept', async () => {
    const before = await current();
    const lists = withKitchen(before.lists, ['Counters wiped', 'Oven front polished']);
    lists.addOns = { 'inside-oven': ['Racks soaked', 'Glass degreased'] };
    const saved = await owner('PUT', '/api/admin/checklists', {
      lists,
      version: before.version,
      note: '  Oven tasks  ',
    });
    expect(saved.status).toBe(200);
    const after = adminChecklistsSchema.parse(saved.json);
    expect(after.version).toBe(before.version + 1);
    expect(after.lists).toEqual(lists);
    expect(after.history[0]).toMatchObject({
      version: after.version,
      createdBy: `${demoAccounts.owner.firstName} ${demoAccounts.owner.lastName}`,
      note: 'Oven tasks',
    });
    expect(after.history.map((h) => h.version)).toEqual(
      [...after.history.map((h) => h.version)].sort((a, b) => b - a),
    );
    expect(after.history.at(-1)).toMatchObject({ version: 1, createdBy: null });
    expect(after.addOns).toContainEqual({ id: 'inside-oven', name: 'Inside Oven' });

    // The version before is untouched: visits that follow it keep their tasks.
    const old = await db.knex('checklistVersions').where({ version: before.version }).first();
    expect(old.lists).toEqual(before.lists);
    const logged = await db
      .knex('auditLog')
      .where({ entity: 'checklists', entityId: String(after.version) })
      .first();
    expect(logged).toMatchObject({ actorId: demoAccounts.owner.id, action: 'checklists.update' });
    expect(logged.before.version).toBe(before.version);
    expect(logged.after).toMatchObject({ version: after.version, note: 'Oven tasks' });

    const shown = publicChecklistsSchema.parse(
      await (await fetch(`${api.url}/api/checklists`)).json(),
    );
    expect(shown.version).toBe(after.version);
    expect(shown.rooms[0]).toEqual({
      room: 'kitchen',
      label: 'Kitchen',
      tasks: ['Counters wiped', 'Oven front polished'],
    });
  });

  it('are read by staff but saved by owners only', async () => {
    const seen = await staff('GET', '/api/admin/checklists');
    expect(seen.status).toBe(200);
    const { lists, version } = adminChecklistsSchema.parse(seen.json);
    const count = await versionCount();
    const refused = await staff('PUT', '/api/admin/checklists', {
      lists: withKitchen(lists, ['Staff edit']),
      version,
    });
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe('forbidden');
    expect(await versionCount()).toBe(count);
  });

  it('refuse a bad save with a clear message and keep no version', async () => {
    const { lists, version } = await current();
    const count = await versionCount();
    const put = (body: unknown) => owner('PUT', '/api/admin/checklists', body);

    const empty = await put({ lists: withKitchen(lists, ['Counters', '  ']) });
    expect(empty.status).toBe(400);
    expect(empty.json.message).toBe('lists.rooms.kitchen.1: A task cannot be empty');
    const long = await put({ lists: withKitchen(lists, ['x'.repeat(121)]) });
    expect(long.json.message).toBe('lists.rooms.kitchen.0: A task is at most 120 characters');
    const many = await put({
      lists: withKitchen(
        lists,
        Array.from({ length: 21 }, (_, i) => `Task ${i + 1}`),
      ),
    });
    expect(many.json.message).toBe('lists.rooms.kitchen: At most 20 tasks a list');

    const unknown = await put({ lists: { ...lists, addOns: { 'gold-plating': ['Shine'] } } });
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({
      code: 'unknown_add_on',
      message: 'Unknown add-on: gold-plating',
    });

    // The same lists (an add-on's empty list is no list) make no version.
    const same = await put({
      lists: { ...lists, addOns: { ...lists.addOns, 'inside-refrigerator': [] } },
    });
    expect(same.status).toBe(400);
    expect(same.json).toMatchObject({ code: 'nothing_changed', message: 'Nothing changed.' });

    const stale = await put({ lists: withKitchen(lists, ['Stale edit']), version: version - 1 });
    expect(stale.status).toBe(409);
    expect(stale.json.code).toBe('checklists_stale');
    expect(await versionCount()).toBe(count);
  });

  it('let exactly one of two saves from the same version land', async () => {
    const { lists, version } = await current();
    const count = await versionCount();
    const answers = await Promise.all(
      ['First', 'Second'].map((task) =>
        owner('PUT', '/api/admin/checklists', { lists: withKitchen(lists, [task]), version }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await versionCount()).toBe(count + 1);
  });
});
