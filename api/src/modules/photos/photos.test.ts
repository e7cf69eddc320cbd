import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { PHOTO_MAX_BYTES } from '@twinclean/shared/photos';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../../../db/seeds/demo-accounts';
import { seedDemoData } from '../../../db/seeds/seed';
import { PNG } from '../../test/fixtures';
import { JPEG, photoForm, photoJob } from '../../test/photo-fixtures';
import { signInAs } from '../../test/sign-in';
import { useTestDatabase } from '../../test/test-database';
import { uploadsDir, useTestServer } from '../../test/test-server';

const db = useTestDatabase();
const api = useTestServer(db, () => ({ trustProxy: true }));

const session = (email: string) => signInAs(api.url, email);
const job = (state?: Parameters<typeof photoJob>[1]) => photoJob(db.knex, state);
const multipart = photoForm;

beforeAll(async () => {
  await seedDemoData(db.knex);
});

describe('job photos', () => {
  it('takes multipart before photos after clock-in, once per photo id, and serves them to the right people', async () => {
    const maria = await session(demoAccounts.provider.email);
    const id = await job({ clockedIn: true });
    const photoId = randomUUID();
    const send = () =>
      maria(`/api/provider/bookings/${id}/photos`, {
        method: 'POST',
        body: multipart('before', [{ name: 'kitchen.png', bytes: PNG, id: photoId }]),
      });
    const first = await send();
    expect(first.status).toBe(201);
    const body = (await first.json()) as {
      message: string;
      photos: { id: string; url: string; clientPhotoId: string }[];
    };
    expect(body).toMatchObject({
      message: 'Photos Uploaded',
      photos: [{ clientPhotoId: photoId, photoType: 'before' }],
    });
    const again = (await (await send()).json()) as typeof body;
    expect(again.photos[0]?.id).toBe(body.photos[0]?.id);
    expect(await db.knex('photos').where({ bookingId: id })).toHaveLength(1);
    const detail = (await (await maria(`/api/provider/jobs/${id}`)).json()) as {
      beforePhotos: string[];
      afterPhotos: string[];
    };
    expect(detail).toMatchObject({ beforePhotos: [body.photos[0]?.url], afterPhotos: [] });

    const url = body.photos[0]?.url as string;
    const mine = await maria(url);
    expect(mine.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await mine.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await (await session(demoAccounts.client.email))(url)).status).toBe(200);
    expect((await (await session(demoAccounts.staff.email))(url)).status).toBe(200);
    expect((await (await session(demoAccounts.provider2.email))(url)).status).toBe(404);
    expect((await (await session(demoAccounts.standard.email))(url)).status).toBe(404);
    expect((await fetch(`${api.url}${url}`)).status).toBe(401);
  });

  it("takes the spec's JSON data URLs too", async () => {
    const maria = await session(demoAccounts.provider.email);
    const id = await job({ clockedOut: true });
    const res = await maria(`/api/provider/bookings/${id}/photos`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        photoType: 'after',
        photos: [`data:image/jpeg;base64,${JPEG.toString('base64')}`],
      }),
    });
    expect(res.status).toBe(201);
    expect(
      await db.knex('photos').where({ bookingId: id, photoType: 'after', mimeType: 'image/jpeg' }),
    ).toHaveLength(1);
  });

  it('checks images by content and size, and the clock rules, storing nothing on failure', async () => {
    const maria = await session(demoAccounts.provider.email);
    const clockedIn = await job({ clockedIn: true });
    const post = (bookingId: string, form: FormData) =>
      maria(`/api/provider/bookings/${bookingId}/photos`, { method: 'POST', body: form });
    const fake = await post(
      clockedIn,
      multipart('before', [{ name: 'photo.jpg', bytes: Buffer.from('not an image at all') }]),
    );
    expect(fake.status).toBe(415);
    expect(await fake.json()).toMatchObject({ message: 'photo.jpg is not an image' });
    const huge = await post(
      clockedIn,
      multipart('before', [
        { name: 'huge.jpg', bytes: Buffer.concat([JPEG, Buffer.alloc(5 * 1024 * 1024)]) },
      ]),
    );
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({ message: 'huge.jpg is larger than 5MB' });
    const mixed = await post(
      clockedIn,
      multipart('before', [
        { name: 'ok.png', bytes: PNG },
        { name: 'bad.png', bytes: Buffer.from('nope') },
      ]),
    );
    expect(mixed.status).toBe(415);
    const early = await post(clockedIn, multipart('after', [{ name: 'ok.png', bytes: PNG }]));
    expect(early.status).toBe(409);
    const notYet = await post(await job(), multipart('before', [{ name: 'ok.png', bytes: PNG }]));
    expect(notYet.status).toBe(409);
    const notMine = await (await session(demoAccounts.provider2.email))(
      `/api/provider/bookings/${clockedIn}/photos`,
      {
        method: 'POST',
        body: multipart('before', [{ name: 'ok.png', bytes: PNG }]),
      },
    );
    expect(notMine.status).toBe(404);
    expect(await db.knex('photos').where({ bookingId: clockedIn })).toEqual([]);
  });

  it('stores twenty concurrent copies of one photo once: one row, one file, one id for all', async () => {
    const maria = await session(demoAccounts.provider.email);
    const id = await job({ clockedIn: true });
    const photoId = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        maria(`/api/provider/bookings/${id}/photos`, {
          method: 'POST',
          body: multipart('before', [{ name: 'same.png', bytes: PNG, id: photoId }]),
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
    const ids = new Set(
      await Promise.all(
        answers.map(async (a) => ((await a.json()) as { photos: { id: string }[] }).photos[0]?.id),
      ),
    );
    expect(ids.size).toBe(1);
    const rows = await db.knex('photos').where({ bookingId: id });
    expect(rows).toHaveLength(1);
    expect(ids.has(rows[0].id)).toBe(true);
    expect((await maria(`/api/photos/${rows[0].id}`)).status).toBe(200);
    expect(await readdir(path.join(uploadsDir, id))).toHaveLength(1);
  });

  it('takes exactly 5 MB and refuses one byte more, multipart and JSON alike', async () => {
    const maria = await session(demoAccounts.provider.email);
    const id = await job({ clockedIn: true });
    const exactly = Buffer.concat([JPEG, Buffer.alloc(PHOTO_MAX_BYTES - JPEG.length, 1)]);
    const over = Buffer.concat([exactly, Buffer.from([1])]);
    const asJson = (bytes: Buffer) =>
      maria(`/api/provider/bookings/${id}/photos`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          photoType: 'before',
          photos: [`data:image/jpeg;base64,${bytes.toString('base64')}`],
        }),
      });
    const asForm = (bytes: Buffer) =>
      maria(`/api/provider/bookings/${id}/photos`, {
        method: 'POST',
        body: multipart('before', [{ name: 'big.jpg', bytes }]),
      });
    expect((await asForm(exactly)).status).toBe(201);
    expect((await asJson(exactly)).status).toBe(201);
    const formOver = await asForm(over);
    expect(formOver.status).toBe(413);
    expect(await formOver.json()).toMatchObject({ message: 'big.jpg is larger than 5MB' });
    expect((await asJson(over)).status).toBe(413);
    expect(await db.knex('photos').where({ bookingId: id })).toHaveLength(2);
  });

  it('refuses a photo id sent again with another picture or for another job, changing nothing', async () => {
    const maria = await session(demoAccounts.provider.email);
    const id = await job({ clockedIn: true });
    const other = await job({ clockedIn: true });
    const photoId = randomUUID();
    const send = (bookingId: string, bytes: Buffer) =>
      maria(`/api/provider/bookings/${bookingId}/photos`, {
        method: 'POST',
        body: multipart('before', [{ name: 'p.jpg', bytes, id: photoId }]),
      });
    expect((await send(id, PNG)).status).toBe(201);
    for (const [bookingId, bytes] of [
      [id, JPEG],
      [other, PNG],
    ] as const) {
      const again = await send(bookingId, bytes);
      expect(again.status).toBe(422);
      expect(await again.json()).toMatchObject({ code: 'idempotency_key_reused' });
    }
    expect(await db.knex('photos').whereIn('bookingId', [id, other])).toHaveLength(1);
  });

  it('answers an oversized file as it passes 5 MB, without waiting for the rest of the upload', async () => {
    const maria = await session(demoAccounts.provider.email);
    const id = await job({ clockedIn: true });
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(new URL(`/api/provider/bookings/${id}/photos`, api.url), {
        method: 'POST',
        agent: false,
        headers: {
          cookie: maria.cookie(),
          'X-Forwarded-For': '192.0.2.77',
          'Content-Type': 'multipart/form-data; boundary=b',
          'Content-Length': 60_000_000,
        },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
        req.destroy();
      });
      req.on('error', reject);
      req.write('--b\r\nContent-Disposition: form-data; name="photoType"\r\n\r\nbefore\r\n');
      req.write('--b\r\nContent-Disposition: form-data; name="photos"; filename="big.jpg"\r\n');
      req.write('Content-Type: image/jpeg\r\n\r\n');
      req.write(Buffer.concat([JPEG, Buffer.alloc(PHOTO_MAX_BYTES, 1)]));
    });
    expect(status).toBe(413);
    expect(await db.knex('photos').where({ bookingId: id })).toEqual([]);
  });

  it('needs one photo id per photo when ids are sent, in both forms', async () => {
    const maria = await session(demoAccounts.provider.email);
    const id = await job({ clockedIn: true });
    const form = multipart('before', [
      { name: 'a.png', bytes: PNG, id: randomUUID() },
      { name: 'b.png', bytes: PNG },
    ]);
    const res = await maria(`/api/provider/bookings/${id}/photos`, { method: 'POST', body: form });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: 'photoIds: Send one photo id per photo' });
    const json = await maria(`/api/provider/bookings/${id}/photos`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        photoType: 'before',
        photos: [`data:image/png;base64,${PNG.toString('base64')}`],
        photoIds: [randomUUID(), randomUUID()],
      }),
    });
    expect(json.status).toBe(400);
    expect(await db.knex('photos').where({ bookingId: id })).toEqual([]);
  });
});
