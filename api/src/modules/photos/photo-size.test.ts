import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../../../db/seeds/demo-accounts';
import { seedDemoData } from '../../../db/seeds/seed';
import { JPEG, photoForm, photoJob, pngOfSize } from '../../test/photo-fixtures';
import { signInAs } from '../../test/sign-in';
import { useTestDatabase } from '../../test/test-database';
import { uploadsDir, useTestServer } from '../../test/test-server';

// Issue 29: a photo's width and height are stored and answered, so every page showing it can
// reserve its space before the picture loads.

const db = useTestDatabase();
const api = useTestServer(db);
const session = (email: string) => signInAs(api.url, email);

beforeAll(async () => {
  await seedDemoData(db.knex);
});

type Sized = { id: string; width: number | null; height: number | null };

describe('a photo’s size', () => {
  it('is stored as the phone measured it, and answered to the provider, the client and admins', async () => {
    const maria = await session(demoAccounts.provider.email);
    const id = await photoJob(db.knex, { clockedIn: true });
    const sent = await maria(`/api/provider/bookings/${id}/photos`, {
      method: 'POST',
      body: photoForm('before', [
        {
          name: 'hall.png',
          bytes: pngOfSize(3, 2),
          id: randomUUID(),
          width: '1440',
          height: '1920',
        },
        {
          name: 'sink.png',
          bytes: pngOfSize(3, 2),
          id: randomUUID(),
          width: '1920',
          height: '1080',
        },
      ]),
    });
    expect(sent.status).toBe(201);
    const { photos } = (await sent.json()) as { photos: Sized[] };
    expect(photos.map((p) => [p.width, p.height])).toEqual([
      [1440, 1920],
      [1920, 1080],
    ]);
    const rows = await db.knex('photos').where({ bookingId: id }).orderBy('width');
    expect(rows.map((r) => [r.width, r.height])).toEqual([
      [1440, 1920],
      [1920, 1080],
    ]);

    const client = await session(demoAccounts.client.email);
    const booking = (await (await client(`/api/bookings/${id}`)).json()) as {
      beforePhotos: Sized[];
    };
    expect(booking.beforePhotos).toEqual(
      photos.map((p) => ({
        id: p.id,
        url: `/api/photos/${p.id}`,
        width: p.width,
        height: p.height,
      })),
    );
    const staff = await session(demoAccounts.staff.email);
    const admin = (await (await staff(`/api/admin/bookings/${id}`)).json()) as {
      photos: { before: Sized[] };
    };
    expect(admin.photos.before.map((p) => [p.width, p.height])).toEqual([
      [1440, 1920],
      [1920, 1080],
    ]);
  });

  it('is read from the picture itself when an older app sends none, or null when it cannot be', async () => {
    const maria = await session(demoAccounts.provider.email);
    const id = await photoJob(db.knex, { clockedIn: true });
    const sent = await maria(`/api/provider/bookings/${id}/photos`, {
      method: 'POST',
      body: photoForm('before', [
        { name: 'wide.png', bytes: pngOfSize(3, 2), id: randomUUID() },
        { name: 'odd.jpg', bytes: JPEG, id: randomUUID() },
      ]),
    });
    expect(sent.status).toBe(201);
    const { photos } = (await sent.json()) as { photos: Sized[] };
    expect(photos.map((p) => [p.width, p.height])).toEqual([
      [3, 2],
      [null, null],
    ]);
  });

  it.each([
    ['zero', ['0'], ['100']],
    ['negative', ['-4'], ['100']],
    ['a fraction', ['10.5'], ['100']],
    ['not a number', ['wide'], ['100']],
    ['too large', ['100001'], ['100']],
    ['a width without its height', ['100'], []],
    ['one size for two photos', ['100'], ['100'], 2],
  ] as [string, string[], string[], number?][])(
    '%s is refused with 400, storing nothing',
    async (_what, widths, heights, count = 1) => {
      const maria = await session(demoAccounts.provider.email);
      const id = await photoJob(db.knex, { clockedIn: true });
      const form = photoForm(
        'before',
        Array.from({ length: count }, (_, i) => ({
          name: `p${i}.png`,
          bytes: pngOfSize(3, 2),
          id: randomUUID(),
        })),
      );
      for (const w of widths) form.append('photoWidths', w);
      for (const h of heights) form.append('photoHeights', h);
      const sent = await maria(`/api/provider/bookings/${id}/photos`, {
        method: 'POST',
        body: form,
      });
      expect(sent.status).toBe(400);
      expect(await db.knex('photos').where({ bookingId: id })).toHaveLength(0);
      await expect(readdir(path.join(uploadsDir, id))).rejects.toThrow();
    },
  );
});
