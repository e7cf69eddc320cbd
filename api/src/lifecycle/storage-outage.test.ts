import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../../db/seeds/demo-accounts';
import { seedDemoData } from '../../db/seeds/seed';
import { PNG } from '../test/fixtures';
import { JPEG, photoForm, photoJob } from '../test/photo-fixtures';
import { s3StandInKeys, s3StandInStorage, useS3StandIn } from '../test/s3-stand-in';
import { signInAs } from '../test/sign-in';
import { useTestDatabase } from '../test/test-database';
import { useTestServer } from '../test/test-server';

// Object storage down while the provider app sends its photos: the app keeps answering, each
// upload is refused as "try again" with nothing kept of it, and once the store is back the
// phone's retries (the same photo ids) land once each.

const db = useTestDatabase();
const s3 = useS3StandIn();
const api = useTestServer(db, () => ({ trustProxy: true, storage: s3StandInStorage(s3) }));

beforeAll(async () => {
  await seedDemoData(db.knex);
});

const UNAVAILABLE = {
  code: 'storage_unavailable',
  message: 'Photo storage is not reachable. Please try again.',
  details: { retryAfterSeconds: 5 },
};

describe('photo storage down', () => {
  it('refuses uploads as retryable, keeps nothing of them, and takes the retries once it is back', async () => {
    const maria = await signInAs(api.url, demoAccounts.provider.email);
    const job = await photoJob(db.knex, { clockedIn: true });
    // As the phone's outbox sends them: one photo a request, each with its own id, some at once.
    const photos = [
      { name: 'kitchen.png', bytes: PNG, id: randomUUID() },
      { name: 'hall.jpg', bytes: JPEG, id: randomUUID() },
      { name: 'bath.jpg', bytes: Buffer.concat([JPEG, Buffer.from('bath')]), id: randomUUID() },
    ];
    const send = (photo: (typeof photos)[number]) =>
      maria(`/api/provider/bookings/${job}/photos`, {
        method: 'POST',
        body: photoForm('before', [photo]),
      });

    await s3.stop();
    try {
      const refused = await Promise.all(photos.map(send));
      for (const res of refused) {
        expect(res.status).toBe(503);
        expect(res.headers.get('retry-after')).toBe('5');
        expect(await res.json()).toEqual(UNAVAILABLE);
      }
      expect(await db.knex('photos').where({ bookingId: job })).toEqual([]);
    } finally {
      await s3.restart();
    }
    // Back on the same port with the same disk: nothing of the refused uploads is in it.
    expect(await s3StandInKeys(s3, `${job}/`)).toEqual([]);

    const landed = await Promise.all(photos.map(send));
    expect(landed.map((res) => res.status)).toEqual([201, 201, 201]);
    // A retry whose answer was lost: the same rows again, nothing new.
    const again = await send(photos[0] as (typeof photos)[number]);
    expect(again.status).toBe(201);
    const rows = await db.knex('photos').where({ bookingId: job });
    expect(rows.map((row) => row.clientPhotoId).sort()).toEqual(photos.map((p) => p.id).sort());
    expect(await s3StandInKeys(s3, `${job}/`)).toEqual(rows.map((row) => row.storageKey).sort());
    for (const photo of photos) {
      const row = rows.find((r) => r.clientPhotoId === photo.id);
      expect((await s3StandInStorage(s3).get(row.storageKey))?.equals(photo.bytes)).toBe(true);
    }
  });

  it('answers a photo asked for while the store is down with "try again", not "not found"', async () => {
    const maria = await signInAs(api.url, demoAccounts.provider.email);
    const job = await photoJob(db.knex, { clockedIn: true });
    const upload = await maria(`/api/provider/bookings/${job}/photos`, {
      method: 'POST',
      body: photoForm('before', [{ name: 'kitchen.png', bytes: PNG, id: randomUUID() }]),
    });
    expect(upload.status).toBe(201);
    const { photos } = (await upload.json()) as { photos: { url: string }[] };
    const url = photos[0]?.url as string;

    await s3.stop();
    try {
      const down = await maria(url);
      expect(down.status).toBe(503);
      expect(down.headers.get('retry-after')).toBe('5');
      expect(await down.json()).toEqual(UNAVAILABLE);
    } finally {
      await s3.restart();
    }
    const back = await maria(url);
    expect(back.status).toBe(200);
    expect(Buffer.from(await back.arrayBuffer()).equals(PNG)).toBe(true);
  });
});
