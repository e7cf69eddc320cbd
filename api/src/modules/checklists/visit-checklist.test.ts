import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../../../db/seeds/demo-accounts';
import { seedDemoData } from '../../../db/seeds/seed';
import { insertChecklistJob } from '../../test/checklists-world';
import { PNG } from '../../test/fixtures';
import { JPEG, photoForm } from '../../test/photo-fixtures';
import { signInAs } from '../../test/sign-in';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';
import { visitChecklist } from './visit-checklist';

const db = useTestDatabase();
const api = useTestServer(db, () => ({ trustProxy: true }));
let lists: { rooms: Record<string, string[]>; addOns: Record<string, string[]> };

beforeAll(async () => {
  await seedDemoData(db.knex);
  ({ lists } = await db.knex('checklistVersions').orderBy('version', 'desc').first());
});

const PNG_DATA_URL = `data:image/png;base64,${PNG.toString('base64')}`;

describe('a visit’s checklist', () => {
  it('has a section per room of the house and per add-on, in order, counted', async () => {
    const job = await insertChecklistJob(db.knex, {
      rooms: ['bedroom_1', 'bedroom_2', 'full_bathroom_1', 'kitchen'],
      addOns: ['inside-oven', 'inside-refrigerator'],
    });
    const list = await visitChecklist(db.knex, job);
    expect(list?.sections.map((s) => [s.key, s.label])).toEqual([
      ['bedroom_1', 'Bedroom 1'],
      ['bedroom_2', 'Bedroom 2'],
      ['full_bathroom_1', 'Full bathroom 1'],
      ['kitchen', 'Kitchen'],
      // The add-ons in the catalogue's order, each its name as its one task (no list of its own).
      ['addon_inside-refrigerator', 'Inside Refrigerator'],
      ['addon_inside-oven', 'Inside Oven'],
    ]);
    const kitchen = list?.sections.find((s) => s.key === 'kitchen');
    expect(kitchen?.items.map((i) => i.task)).toEqual(lists.rooms.kitchen);
    expect(kitchen?.items[1]).toEqual({
      key: 'kitchen:1',
      task: lists.rooms.kitchen?.[1],
      done: false,
      at: null,
      photoIds: [],
    });
    expect(list?.sections.at(-1)?.items).toEqual([
      { key: 'addon_inside-oven:0', task: 'Inside Oven', done: false, at: null, photoIds: [] },
    ]);
    const rooms = 2 * (lists.rooms.bedroom?.length ?? 0) + (lists.rooms.bathroom?.length ?? 0);
    expect(list).toMatchObject({ done: 0, total: rooms + (lists.rooms.kitchen?.length ?? 0) + 2 });
  });

  it('is null for a laundry order without add-ons, and its add-ons alone with some', async () => {
    const bare = await insertChecklistJob(db.knex, { serviceType: 'laundry' });
    expect(await visitChecklist(db.knex, bare)).toBeNull();
    expect(await visitChecklist(db.knex, randomUUID())).toBeNull();
    const folded = await insertChecklistJob(db.knex, {
      serviceType: 'laundry',
      addOns: ['folding-clothes'],
    });
    expect((await visitChecklist(db.knex, folded))?.sections).toEqual([
      {
        key: 'addon_folding-clothes',
        label: 'Folding Clothes',
        items: [
          {
            key: 'addon_folding-clothes:0',
            task: 'Folding Clothes',
            done: false,
            at: null,
            photoIds: [],
          },
        ],
      },
    ]);
  });
});

describe('a photo taken for a task', () => {
  it('keeps its task (multipart and JSON) and shows under it; an older app’s replay still matches', async () => {
    const maria = await signInAs(api.url, demoAccounts.provider.email);
    const job = await insertChecklistJob(db.knex, {
      rooms: ['kitchen'],
      booking: { clockInAt: new Date() },
    });
    const upload = (body: FormData | string) =>
      maria(`/api/provider/bookings/${job}/photos`, {
        method: 'POST',
        ...(typeof body === 'string' ? { headers: { 'Content-Type': 'application/json' } } : {}),
        body,
      });
    const [sink, plain, counter] = [randomUUID(), randomUUID(), randomUUID()];
    const form = photoForm('before', [
      { name: 'sink.jpg', bytes: JPEG, id: sink },
      { name: 'room.jpg', bytes: JPEG, id: plain },
    ]);
    form.append('checklistItemKeys', 'kitchen:1');
    form.append('checklistItemKeys', '');
    expect((await upload(form)).status).toBe(201);
    const json = (ids: string[], keys?: string[]) =>
      JSON.stringify({
        photoType: 'before',
        photos: [PNG_DATA_URL],
        photoIds: ids,
        ...(keys && { checklistItemKeys: keys }),
      });
    expect((await upload(json([counter], ['kitchen:0']))).status).toBe(201);

    const rows = await db.knex('photos').where({ bookingId: job });
    const keyOf = (id: string) => rows.find((r) => r.clientPhotoId === id)?.checklistItemKey;
    expect([keyOf(sink), keyOf(plain), keyOf(counter)]).toEqual(['kitchen:1', null, 'kitchen:0']);
    const list = await visitChecklist(db.knex, job);
    const items = list?.sections[0]?.items;
    expect(items?.[0]?.photoIds).toEqual([rows.find((r) => r.clientPhotoId === counter)?.id]);
    expect(items?.[1]?.photoIds).toEqual([rows.find((r) => r.clientPhotoId === sink)?.id]);

    // A replay from an app that names no task is the same upload; one naming another task is not.
    expect((await upload(json([counter]))).status).toBe(201);
    const other = await upload(json([counter], ['kitchen:2']));
    expect(other.status).toBe(422);
    expect(((await other.json()) as { code: string }).code).toBe('idempotency_key_reused');
    expect(await db.knex('photos').where({ bookingId: job })).toHaveLength(3);

    const uneven = photoForm('before', [{ name: 'a.jpg', bytes: JPEG, id: randomUUID() }]);
    uneven.append('checklistItemKeys', 'kitchen:0');
    uneven.append('checklistItemKeys', 'kitchen:1');
    const refused = await upload(uneven);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toBe(
      'checklistItemKeys: Send one task key per photo',
    );
  });
});
