import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../../db/seeds/demo-accounts';
import { seedDemoData } from '../../db/seeds/seed';
import { browserSignedIn, killMidRequest, useWebProcesses } from '../test/app-process';
import { PNG } from '../test/fixtures';
import { insertAssignedJob, NEAR } from '../test/punch-fixtures';
import { s3StandInKeys, s3StandInStorage } from '../test/s3-stand-in';
import { useTestDatabase } from '../test/test-database';

// A `web` process SIGKILLed (an OOM kill, a node lost) while the provider app's punches and
// photos are in flight: the phone sees the connection drop, and its outbox sends the same
// request again (the same Idempotency-Key, the same photo ids), to another process. The retry
// is answered as documented, and it lands once: nothing lost, nothing applied twice.

const db = useTestDatabase();
const web = useWebProcesses(db);
let browsers = 0;
const maria = () => {
  browsers += 1;
  return browserSignedIn(web.a.url, demoAccounts.provider.email, `203.0.113.${browsers}`);
};

beforeAll(async () => {
  await seedDemoData(db.knex);
});

/** The job's row, held by the test: a punch on it waits inside its transaction. */
const holdJob = (job: string) => (trx: Knex.Transaction) =>
  trx('bookings').where({ id: job }).forUpdate().first();

describe('a web process killed in the middle of a request', () => {
  it('loses nothing of a clock-in: the retry lands once', async () => {
    const job = await insertAssignedJob(db.knex);
    const call = await maria();
    const key = randomUUID();
    const body = JSON.stringify({ ...NEAR, occurredAt: new Date().toISOString(), deviceSeq: 1 });
    const clockIn = (base: string) =>
      call(base, `/api/provider/clock-in/${job}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
        body,
      });
    await killMidRequest(db.knex, await web.victim(), { hold: holdJob(job), send: clockIn });
    // The phone's outbox sends the same punch again; it lands on another process, then again.
    const retry = await clockIn(web.a.url);
    expect(retry.status).toBe(200);
    const retried = await retry.json();
    expect(retried).toMatchObject({ message: 'Clocked In' });
    expect(await (await clockIn(web.b.url)).json()).toEqual(retried);
    expect(await db.knex('providerEvents').where({ bookingId: job })).toHaveLength(1);
  });

  it('loses nothing of a clock-out, and pays the visit once', async () => {
    const job = await insertAssignedJob(db.knex);
    const call = await maria();
    const punch = (kind: 'clock-in' | 'clock-out', key: string, seq: number) => {
      const body = JSON.stringify({
        ...NEAR,
        occurredAt: new Date().toISOString(),
        deviceSeq: seq,
        ...(kind === 'clock-out' && { waitPay: 5 }),
      });
      return (base: string) =>
        call(base, `/api/provider/${kind}/${job}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
          body,
        });
    };
    expect((await punch('clock-in', randomUUID(), 1)(web.a.url)).status).toBe(200);
    const clockOut = punch('clock-out', randomUUID(), 2);
    await killMidRequest(db.knex, await web.victim(), { hold: holdJob(job), send: clockOut });
    expect(await db.knex('bookings').where({ id: job }).first()).toMatchObject({
      clockOutAt: null,
    });

    const retry = await clockOut(web.a.url);
    expect(retry.status).toBe(200);
    const retried = await retry.json();
    expect(retried).toMatchObject({ message: 'Clocked Out', payout: expect.any(Object) });
    // The answer lost again: the same answer, nothing new.
    const again = await clockOut(web.b.url);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(retried);
    const events = await db.knex('providerEvents').where({ bookingId: job }).orderBy('id');
    expect(events.map((e) => e.type)).toEqual(['clock_in', 'clock_out']);
    const payouts = await db.knex('payouts').where({ bookingId: job });
    expect(payouts).toHaveLength(1);
    expect(payouts[0].clockOutEventId).toBe(events[1].id);
    expect(payouts[0].waitPayCents).toBe(500);
    expect((await db.knex('bookings').where({ id: job }).first()).clockOutAt).not.toBeNull();
  });

  it('loses nothing of a photo upload killed between storing and recording: one row, one object', async () => {
    const job = await insertAssignedJob(db.knex);
    await db.knex('bookings').where({ id: job }).update({ clockInAt: new Date() });
    const call = await maria();
    const photoId = randomUUID();
    const upload = (base: string) => {
      const form = new FormData();
      form.append('photoType', 'before');
      form.append('photos', new Blob([PNG]), 'kitchen.png');
      form.append('photoIds', photoId);
      return call(base, `/api/provider/bookings/${job}/photos`, { method: 'POST', body: form });
    };
    await killMidRequest(db.knex, await web.victim(), {
      // The photo id's lock, which the upload takes to record its row once the file is stored.
      hold: (trx) => trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [`photo:${photoId}`]),
      send: upload,
      // The worst moment: its file is in the bucket, its row not yet written.
      reached: async () => (await s3StandInKeys(web.s3, `${job}/`)).length === 1,
    });
    expect(await db.knex('photos').where({ bookingId: job })).toEqual([]);

    const retry = await upload(web.a.url);
    expect(retry.status).toBe(201);
    const retried = (await retry.json()) as { photos: { id: string }[] };
    const again = await upload(web.b.url);
    expect(again.status).toBe(201);
    expect(((await again.json()) as typeof retried).photos).toEqual(retried.photos);
    const rows = await db.knex('photos').where({ bookingId: job });
    expect(rows.map((row) => row.id)).toEqual(retried.photos.map((p) => p.id));
    // The killed request's file is the one the retry recorded: no second object, no orphan.
    expect(await s3StandInKeys(web.s3, `${job}/`)).toEqual([rows[0].storageKey]);
    expect((await s3StandInStorage(web.s3).get(rows[0].storageKey))?.equals(PNG)).toBe(true);
  });
});
