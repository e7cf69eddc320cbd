import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../db/seeds/seed';
import { newUser } from '../../test/people';
import { HOUR, insertAssignedJob, JOB_POINT, providerClient } from '../../test/punch-fixtures';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';

const db = useTestDatabase();
const api = useTestServer(db, () => ({ trustProxy: true }));
beforeAll(() => seedDemoData(db.knex));

/** 10 km due north of the job: 10 × 1.4 = 14 km at 35 km/h = 24 min, told as 25. */
const TEN_KM_NORTH = {
  latitude: JOB_POINT.latitude + 10 / 111.19492664,
  longitude: JOB_POINT.longitude,
  accuracy: 20,
};

/** A fresh provider's job starting in `inMs` for a guest, and their On My Way client. */
async function job(inMs = 2 * HOUR) {
  const provider = await newUser(db.knex, 'provider');
  const post = await providerClient(api.url, provider.email);
  const id = await insertAssignedJob(db.knex, {
    providerId: provider.id,
    scheduledAt: new Date(Date.now() + inMs),
  });
  const email = `guest-${randomUUID()}@example.com`;
  await db.knex('bookings').where({ id }).update({ clientEmail: email });
  const onMyWay = (body: unknown, key = randomUUID()) =>
    post(`/api/provider/on-my-way/${id}`, body, key);
  return { id, email, onMyWay, post };
}

const mailsTo = (email: string) => db.knex('outbound_emails').where({ toAddress: email });
const eventsOf = (id: string) =>
  db.knex('provider_events').where({ bookingId: id, type: 'en_route' }).orderBy('id');
const bookingOf = (id: string) => db.knex('bookings').where({ id }).first();

describe('POST /api/provider/on-my-way/:id', () => {
  it('sets en_route once with the estimate, tells the client once, and a replay answers the same', async () => {
    const { id, email, onMyWay } = await job();
    const key = randomUUID();
    const before = Date.now();
    const first = await onMyWay(TEN_KM_NORTH, key);
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({
      ok: true,
      message: 'Client Notified',
      bookingId: id,
      etaMinutes: 25,
    });
    const occurredAt = Date.parse(first.json.occurredAt as string);
    expect(occurredAt).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(first.json.etaAt as string) - occurredAt).toBe(25 * 60_000);

    const row = await bookingOf(id);
    expect(row.enRouteAt.toISOString()).toBe(first.json.occurredAt);
    expect(row.enRouteEtaAt.toISOString()).toBe(first.json.etaAt);
    expect(row.derivedStatus).toBe('en_route');
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ template: 'visit_en_route', subject: 'Pia is on the way' });
    expect(mails[0].textBody).toContain('Pia is on the way, arriving around');

    // The outbox sends it again (the answer was lost): the same answer, nothing more.
    const again = await onMyWay(TEN_KM_NORTH, key);
    expect(again).toEqual(first);
    expect(await eventsOf(id)).toHaveLength(1);
    expect(await mailsTo(email)).toHaveLength(1);
    // The same key with another body is a bug of the phone's, not a repeat.
    const reused = await onMyWay({ ...TEN_KM_NORTH, accuracy: 5 }, key);
    expect(reused.status).toBe(422);
    expect(reused.json.code).toBe('idempotency_key_reused');
  });

  it('answers a second tap (a new key) with the first one’s times and tells nobody', async () => {
    const { id, email, onMyWay } = await job();
    const first = await onMyWay(TEN_KM_NORTH);
    const second = await onMyWay({ latitude: JOB_POINT.latitude, longitude: JOB_POINT.longitude });
    expect(second.status).toBe(200);
    expect(second.json).toMatchObject({
      ok: true,
      message: "The client already knows you're on your way.",
      occurredAt: first.json.occurredAt,
      etaAt: first.json.etaAt,
    });
    expect((await bookingOf(id)).enRouteEtaAt.toISOString()).toBe(first.json.etaAt);
    expect(await mailsTo(email)).toHaveLength(1);
    expect(await eventsOf(id)).toHaveLength(2);
  });

  it('says "we will let you know" without a fix, and has no estimate', async () => {
    const { id, email, onMyWay } = await job();
    const answer = await onMyWay({});
    expect(answer.json).toMatchObject({
      message: 'Client Notified',
      etaAt: null,
      etaMinutes: null,
    });
    expect((await bookingOf(id)).enRouteEtaAt).toBeNull();
    const [mail] = await mailsTo(email);
    expect(mail.textBody).toContain("Pia is on the way. We'll let you know when they arrive.");
  });

  it('refuses a canceled job, one clocked in, and one more than 12 hours away, for good', async () => {
    const canceled = await job();
    await db
      .knex('bookings')
      .where({ id: canceled.id })
      .update({ canceledAt: new Date(), cancellationReason: 'Plans changed' });
    const key = randomUUID();
    const refused = await canceled.onMyWay(TEN_KM_NORTH, key);
    expect(refused).toEqual({
      status: 409,
      json: { code: 'job_canceled', message: 'This job was canceled.' },
    });
    // Kept: the same key answers the same even after the job changes.
    await db
      .knex('bookings')
      .where({ id: canceled.id })
      .update({ canceledAt: null, cancellationReason: null });
    expect(await canceled.onMyWay(TEN_KM_NORTH, key)).toEqual(refused);

    const clockedIn = await job(-HOUR);
    expect((await clockedIn.post(`/api/provider/clock-in/${clockedIn.id}`, JOB_POINT)).status).toBe(
      200,
    );
    expect(await clockedIn.onMyWay(TEN_KM_NORTH)).toMatchObject({
      status: 409,
      json: { code: 'already_clocked_in', message: 'You are already clocked in to this job.' },
    });

    const early = await job(13 * HOUR);
    expect(await early.onMyWay(TEN_KM_NORTH)).toMatchObject({
      status: 409,
      json: {
        code: 'too_early',
        message: "You can say you're on your way from 12 hours before the visit.",
      },
    });
    // 11 hours ahead is inside the window.
    expect((await (await job(11 * HOUR)).onMyWay(TEN_KM_NORTH)).status).toBe(200);

    for (const { id, email } of [canceled, clockedIn, early]) {
      expect((await bookingOf(id)).enRouteAt).toBeNull();
      expect(await mailsTo(email).where({ template: 'visit_en_route' })).toHaveLength(0);
    }
  });

  it('believes a queued tap’s device time within the last 12 hours, and never a future one', async () => {
    const late = await job();
    const twoHoursAgo = new Date(Date.now() - 2 * HOUR).toISOString();
    const queued = await late.onMyWay({ ...TEN_KM_NORTH, occurredAt: twoHoursAgo, offline: true });
    expect(queued.json.occurredAt).toBe(twoHoursAgo);
    // Its estimate (25 minutes after the tap) has gone by: the client is told none.
    expect(queued.json).toMatchObject({ etaAt: null, etaMinutes: null });
    expect((await bookingOf(late.id)).enRouteEtaAt).toBeNull();
    const recent = await job();
    const tenMinutesAgo = new Date(Date.now() - 10 * 60_000).toISOString();
    const fresh = await recent.onMyWay({ ...TEN_KM_NORTH, occurredAt: tenMinutesAgo });
    expect(Date.parse(fresh.json.etaAt as string)).toBe(Date.parse(tenMinutesAgo) + 25 * 60_000);
    const [event] = await eventsOf(late.id);
    expect(event).toMatchObject({ offline: true });
    expect(event.deviceOccurredAt.toISOString()).toBe(twoHoursAgo);

    const stale = await job();
    const before = Date.now();
    const old = await stale.onMyWay({ occurredAt: new Date(before - 20 * HOUR).toISOString() });
    const clamped = Date.parse(old.json.occurredAt as string);
    expect(clamped).toBeGreaterThanOrEqual(before - 12 * HOUR);
    expect(clamped).toBeLessThan(before - 12 * HOUR + 60_000);

    const ahead = await job();
    const sent = Date.now();
    const future = await ahead.onMyWay({ occurredAt: new Date(sent + 5 * HOUR).toISOString() });
    expect(Date.parse(future.json.occurredAt as string)).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(future.json.occurredAt as string)).toBeGreaterThanOrEqual(sent - 1000);
  });

  it('answers another provider’s job as one that does not exist, and writes nothing', async () => {
    const theirs = await job();
    const stranger = await newUser(db.knex, 'provider');
    const post = await providerClient(api.url, stranger.email);
    const answer = await post(`/api/provider/on-my-way/${theirs.id}`, TEN_KM_NORTH, randomUUID());
    const missing = await post(
      `/api/provider/on-my-way/${randomUUID()}`,
      TEN_KM_NORTH,
      randomUUID(),
    );
    expect(answer.status).toBe(404);
    expect(answer).toEqual(missing);
    expect(await eventsOf(theirs.id)).toHaveLength(0);
    expect((await bookingOf(theirs.id)).enRouteAt).toBeNull();
    expect(await mailsTo(theirs.email)).toHaveLength(0);
  });
});
