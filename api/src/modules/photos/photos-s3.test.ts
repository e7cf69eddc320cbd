import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { PHOTO_MAX_BYTES } from '@twinclean/shared/photos';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../../../db/seeds/demo-accounts';
import { seedDemoData } from '../../../db/seeds/seed';
import type { Storage } from '../../adapters/storage/storage';
import { PNG } from '../../test/fixtures';
import { JPEG, photoForm, photoJob } from '../../test/photo-fixtures';
import { s3StandInKeys, s3StandInStorage, useS3StandIn } from '../../test/s3-stand-in';
import { signInAs } from '../../test/sign-in';
import { useTestDatabase } from '../../test/test-database';
import { uploadsDir, useTestServer } from '../../test/test-server';

/*
 * The photo guarantees of photos.test.ts, kept with the S3 driver: the app below stores in a
 * real S3 API (the s3rver stand-in) over HTTP, and these tests look into its bucket.
 */

const db = useTestDatabase();
const s3 = useS3StandIn();
// Every key the app asked to store, so a test can tell "written, then removed" from "never written".
const putKeys: string[] = [];
const api = useTestServer(db, () => {
  const storage = s3StandInStorage(s3);
  const recording: Storage = {
    ...storage,
    put: (key, bytes) => {
      putKeys.push(key);
      return storage.put(key, bytes);
    },
  };
  return { trustProxy: true, storage: recording };
});

const session = (email: string) => signInAs(api.url, email);
const clockedInJob = () => photoJob(db.knex, { clockedIn: true });
const multipart = (files: Parameters<typeof photoForm>[1]) => photoForm('before', files);

beforeAll(async () => {
  await seedDemoData(db.knex);
});

describe('job photos in S3', () => {
  it('stores an upload in the bucket, not on disk, and serves it only to the job’s people', async () => {
    const maria = await session(demoAccounts.provider.email);
    const id = await clockedInJob();
    const upload = await maria(`/api/provider/bookings/${id}/photos`, {
      method: 'POST',
      body: multipart([{ name: 'kitchen.png', bytes: PNG, id: randomUUID() }]),
    });
    expect(upload.status).toBe(201);
    const { photos } = (await upload.json()) as { photos: { url: string }[] };
    const url = photos[0]?.url as string;
    const [row] = await db.knex('photos').where({ bookingId: id });
    expect(await s3StandInKeys(s3, `${id}/`)).toEqual([row.storageKey]);
    expect((await s3StandInStorage(s3).get(row.storageKey))?.equals(PNG)).toBe(true);
    expect(existsSync(uploadsDir)).toBe(false);

    const mine = await maria(url);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await mine.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await (await session(demoAccounts.client.email))(url)).status).toBe(200);
    expect((await (await session(demoAccounts.staff.email))(url)).status).toBe(200);
    expect((await (await session(demoAccounts.provider2.email))(url)).status).toBe(404);
    expect((await (await session(demoAccounts.standard.email))(url)).status).toBe(404);
    expect((await fetch(`${api.url}${url}`)).status).toBe(401);

    // An object gone from the bucket is a photo not found, not an error page.
    await s3StandInStorage(s3).delete(row.storageKey);
    expect((await maria(url)).status).toBe(404);
  });

  it('takes exactly 5 MB byte for byte and refuses one byte more, keeping nothing of it', async () => {
    const maria = await session(demoAccounts.provider.email);
    const id = await clockedInJob();
    const exactly = Buffer.concat([JPEG, Buffer.alloc(PHOTO_MAX_BYTES - JPEG.length, 7)]);
    exactly.writeUInt32BE(0xdeadbeef, PHOTO_MAX_BYTES - 4);
    const over = Buffer.concat([exactly, Buffer.from([1])]);
    const post = (body: FormData | string, json = false) =>
      maria(`/api/provider/bookings/${id}/photos`, {
        method: 'POST',
        headers: json ? { 'Content-Type': 'application/json' } : {},
        body,
      });
    expect((await post(multipart([{ name: 'big.jpg', bytes: exactly }]))).status).toBe(201);
    const formOver = await post(multipart([{ name: 'big.jpg', bytes: over }]));
    expect(formOver.status).toBe(413);
    expect(await formOver.json()).toMatchObject({ message: 'big.jpg is larger than 5MB' });
    const jsonOver = await post(
      JSON.stringify({
        photoType: 'before',
        photos: [`data:image/jpeg;base64,${over.toString('base64')}`],
      }),
      true,
    );
    expect(jsonOver.status).toBe(413);

    const rows = await db.knex('photos').where({ bookingId: id });
    expect(rows).toHaveLength(1);
    expect(await s3StandInKeys(s3, `${id}/`)).toEqual([rows[0].storageKey]);
    const stored = await s3StandInStorage(s3).get(rows[0].storageKey);
    expect(stored?.length).toBe(PHOTO_MAX_BYTES);
    expect(stored?.equals(exactly)).toBe(true);
  });

  it('leaves no object in the bucket when the database refuses the photos', async () => {
    const maria = await session(demoAccounts.provider.email);
    const id = await clockedInJob();
    // A CHECK-like refusal of this job's photo rows, raised inside the upload's transaction,
    // after the objects are already in the bucket.
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await db.knex.raw(`
      CREATE FUNCTION refuse_photo() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused for this test' USING ERRCODE = 'check_violation'; END $$;
      CREATE TRIGGER refuse_photo BEFORE INSERT ON photos FOR EACH ROW
      WHEN (NEW.booking_id = '${id}') EXECUTE FUNCTION refuse_photo();
    `);
    const send = () =>
      maria(`/api/provider/bookings/${id}/photos`, {
        method: 'POST',
        body: multipart([
          { name: 'a.png', bytes: PNG },
          { name: 'b.jpg', bytes: JPEG },
        ]),
      });
    const refused = await send();
    expect(refused.status).toBe(400);
    expect(putKeys.filter((key) => key.startsWith(`${id}/`))).toHaveLength(2);
    expect(await s3StandInKeys(s3, `${id}/`)).toEqual([]);
    expect(await db.knex('photos').where({ bookingId: id })).toEqual([]);

    await db.knex.raw('DROP TRIGGER refuse_photo ON photos; DROP FUNCTION refuse_photo()');
    expect((await send()).status).toBe(201);
    expect(await s3StandInKeys(s3, `${id}/`)).toHaveLength(2);
  });
});
