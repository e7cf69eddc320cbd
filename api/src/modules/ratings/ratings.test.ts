import { randomUUID } from 'node:crypto';
import { clientBookingSchema } from '@twinclean/shared/client-bookings';
import {
  adminRatingPageSchema,
  adminRatingSchema,
  ratingLinkViewSchema,
  ratingStateSchema,
} from '@twinclean/shared/ratings';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../db/seeds/seed';
import { bookingRow } from '../../test/fixtures';
import { newUser, signedInClient } from '../../test/people';
import { snapshot } from '../../test/route-world';
import { type JsonCall, signedInJson } from '../../test/sign-in';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';
import { rateOwnVisit } from './service';
import { ratingTokens } from './tokens';

const db = useTestDatabase();
const api = useTestServer(db, () => ({ trustProxy: true }));
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let staff: JsonCall;
let providerId: string;
beforeAll(async () => {
  await seedDemoData(db.knex);
  staff = await signedInJson(api.url, 'staff@example.com');
  providerId = (await newUser(db.knex, 'provider')).id;
});

/** A visit of `clientId` (a guest's when null), clocked out `clockedOutAgo` ms ago unless null. */
async function visit(
  clientId: string | null,
  clockedOutAgo: number | null = HOUR,
  extra: Record<string, unknown> = {},
) {
  const end = clockedOutAgo === null ? null : new Date(Date.now() - clockedOutAgo);
  const start = new Date((end ?? new Date()).getTime() - 2 * HOUR);
  const [row] = await db
    .knex('bookings')
    .insert(
      bookingRow(start, {
        clientId,
        providerId,
        assignedAt: start,
        clockInAt: start,
        clockOutAt: end,
        ...extra,
      }),
    )
    .returning('id');
  return row.id as string;
}

let ip = 0;
const publicCall = async (method: string, path: string, body?: unknown) => {
  const res = await fetch(`${api.url}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `203.0.113.${++ip}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as { message?: string; code?: string } };
};

describe('a client rating their visit', () => {
  it('rates a completed visit once, and the booking details show it', async () => {
    const client = await signedInClient(db.knex, api.url);
    const id = await visit(client.id);
    const before = clientBookingSchema.parse(
      (await client.call('GET', `/api/bookings/${id}`)).json,
    );
    expect(before.rating).toMatchObject({ rating: null, canRate: true, reason: null });
    expect(before.rating.rateUntil).not.toBeNull();

    const rated = await client.call('POST', `/api/bookings/${id}/rating`, {
      stars: 5,
      comment: '  Sparkling!  ',
    });
    expect(rated.status).toBe(201);
    expect(ratingStateSchema.parse(rated.json)).toMatchObject({
      rating: { stars: 5, comment: 'Sparkling!' },
      canRate: false,
    });
    const again = await client.call('POST', `/api/bookings/${id}/rating`, { stars: 1 });
    expect(again).toMatchObject({
      status: 409,
      json: { code: 'already_rated', message: 'You have already rated this visit.' },
    });
    const after = clientBookingSchema.parse((await client.call('GET', `/api/bookings/${id}`)).json);
    expect(after.rating).toMatchObject({ rating: { stars: 5 }, canRate: false });
    expect(await db.knex('ratings').where({ bookingId: id })).toMatchObject([
      { providerId, clientId: client.id, stars: 5 },
    ]);
  });

  it('allows 14 days from the clock-out, by the clock it is given', async () => {
    const client = await signedInClient(db.knex, api.url);
    const id = await visit(client.id, 15 * DAY);
    const late = await client.call('POST', `/api/bookings/${id}/rating`, { stars: 4 });
    expect(late.status).toBe(409);
    expect(late.json).toMatchObject({ code: 'not_ratable' });
    expect(late.json.message).toMatch(/14 days/);
    const details = clientBookingSchema.parse(
      (await client.call('GET', `/api/bookings/${id}`)).json,
    );
    expect(details.rating).toMatchObject({ canRate: false, rating: null });
    expect(details.rating.reason).toMatch(/14 days/);

    const recent = await visit(client.id, 0);
    const clockOut = (await db.knex('bookings').where({ id: recent }).first('clockOutAt'))
      .clockOutAt as Date;
    const lastMoment = new Date(clockOut.getTime() + 14 * DAY);
    await expect(
      rateOwnVisit(
        db.knex,
        client.id,
        recent,
        { stars: 3, comment: '' },
        new Date(lastMoment.getTime() + 1),
      ),
    ).rejects.toMatchObject({ status: 409, code: 'not_ratable' });
    await expect(
      rateOwnVisit(db.knex, client.id, recent, { stars: 3, comment: '' }, lastMoment),
    ).resolves.toMatchObject({ rating: { stars: 3 } });
  });

  it('refuses a visit not yet complete or canceled, changing nothing', async () => {
    const client = await signedInClient(db.knex, api.url);
    const running = await visit(client.id, null);
    const canceled = await visit(client.id, null, {
      canceledAt: new Date(),
      cancellationReason: 'Moved away',
    });
    const before = await snapshot(db.knex);
    const early = await client.call('POST', `/api/bookings/${running}/rating`, { stars: 5 });
    expect(early).toMatchObject({ status: 409, json: { code: 'not_ratable' } });
    expect(early.json.message).toBe('You can rate this visit once it is complete.');
    const gone = await client.call('POST', `/api/bookings/${canceled}/rating`, { stars: 5 });
    expect(gone.status).toBe(409);
    expect(gone.json.message).toMatch(/canceled/);
    expect(await snapshot(db.knex)).toBe(before);
  });

  it("answers someone else's visit as not found, and bad input with a message", async () => {
    const owner = await signedInClient(db.knex, api.url);
    const stranger = await signedInClient(db.knex, api.url);
    const id = await visit(owner.id);
    const before = await snapshot(db.knex);
    const theirs = await stranger.call('POST', `/api/bookings/${id}/rating`, { stars: 5 });
    const nobody = await stranger.call('POST', `/api/bookings/${randomUUID()}/rating`, {
      stars: 5,
    });
    expect(theirs).toEqual(nobody);
    expect(theirs.status).toBe(404);
    for (const body of [
      {},
      { stars: 0 },
      { stars: 6 },
      { stars: 4.5 },
      { stars: '5' },
      { stars: 5, comment: 'x'.repeat(1001) },
      { stars: 5, comment: 7 },
    ]) {
      const bad = await owner.call('POST', `/api/bookings/${id}/rating`, body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.json.message, JSON.stringify(body)).toEqual(expect.any(String));
    }
    expect(await snapshot(db.knex)).toBe(before);
  });
});

describe('the rating link of the completion e-mail', () => {
  it('lets a guest see and rate their visit, once', async () => {
    const id = await visit(null, 2 * HOUR, { clientFirstName: 'Gwen' });
    const token = (await ratingTokens(db.knex))(id);
    const view = await publicCall('GET', `/api/ratings/${token}`);
    expect(view.status).toBe(200);
    expect(ratingLinkViewSchema.parse(view.json)).toMatchObject({
      clientFirstName: 'Gwen',
      providerFirstName: 'Pia',
      serviceTitle: expect.any(String),
      canRate: true,
    });
    const rated = await publicCall('POST', `/api/ratings/${token}`, { stars: 4, comment: 'Nice' });
    expect(rated.status).toBe(201);
    expect(await db.knex('ratings').where({ bookingId: id }).first()).toMatchObject({
      clientId: null,
      stars: 4,
      comment: 'Nice',
    });
    expect((await publicCall('POST', `/api/ratings/${token}`, { stars: 5 })).json).toMatchObject({
      code: 'already_rated',
    });
    expect((await publicCall('GET', `/api/ratings/${token}`)).json).toMatchObject({
      rating: { stars: 4 },
      canRate: false,
    });
  });

  it('refuses a forged or malformed link with a message, changing nothing', async () => {
    const id = await visit(null);
    const forged = `${id}_${'A'.repeat(43)}`;
    const before = await snapshot(db.knex);
    for (const token of [forged, 'nonsense', `${randomUUID()}_${'b'.repeat(43)}`]) {
      const get = await publicCall('GET', `/api/ratings/${token}`);
      const post = await publicCall('POST', `/api/ratings/${token}`, { stars: 5 });
      for (const answer of [get, post]) {
        expect([400, 404], token).toContain(answer.status);
        expect(answer.json.message).toMatch(/not valid/);
      }
    }
    expect(await snapshot(db.knex)).toBe(before);
  });
});

describe('admins and ratings', () => {
  it('lists a provider’s ratings newest first, and hides and shows a comment, audited', async () => {
    const provider = await newUser(db.knex, 'provider');
    const rows = [];
    for (const [i, stars] of [5, 1, 4].entries()) {
      const bookingId = await visit(null, HOUR, {
        providerId: provider.id,
        clientLastName: `L${i}`,
      });
      rows.push({
        bookingId,
        providerId: provider.id,
        stars,
        comment: `comment ${i}`,
        createdAt: new Date(Date.now() - (3 - i) * HOUR),
      });
    }
    const ids = (await db.knex('ratings').insert(rows).returning('id')).map((r) => r.id);
    const list = (page = 1) =>
      staff('GET', `/api/admin/providers/${provider.id}/ratings?pageSize=2&page=${page}`);
    const first = adminRatingPageSchema.parse((await list()).json);
    expect(first).toMatchObject({ total: 3, rating: 3.3, ratedJobs: 3, page: 1, pageSize: 2 });
    expect(first.items.map((r) => r.stars)).toEqual([4, 1]);
    expect(first.items[0]?.clientName).toBe('Pat L2');
    expect(adminRatingPageSchema.parse((await list(2)).json).items.map((r) => r.stars)).toEqual([
      5,
    ]);

    const abusive = ids[1] as string;
    const hidden = await staff('POST', `/api/admin/ratings/${abusive}/hide`);
    expect(hidden.status).toBe(200);
    expect(adminRatingSchema.parse(hidden.json)).toMatchObject({
      comment: 'comment 1',
      commentHiddenBy: 'Sam Nguyen',
    });
    expect(hidden.json.commentHiddenAt).not.toBeNull();
    // Asking again changes nothing and records nothing.
    await staff('POST', `/api/admin/ratings/${abusive}/hide`);
    // Hiding hides the text, not the stars.
    expect((await list()).json).toMatchObject({ rating: 3.3 });
    const shown = await staff('POST', `/api/admin/ratings/${abusive}/show`);
    expect(shown.json).toMatchObject({ commentHiddenAt: null, commentHiddenBy: null });
    const log = await db
      .knex('auditLog')
      .where({ entity: 'rating', entityId: abusive })
      .orderBy('id');
    expect(log.map((e) => e.action)).toEqual(['rating.hide_comment', 'rating.show_comment']);
    expect(log[0]).toMatchObject({
      before: { commentHiddenAt: null },
      after: { commentHiddenBy: expect.any(String) },
    });
  });

  it('answers 404 for an unknown rating or provider, and refuses clients', async () => {
    expect((await staff('POST', `/api/admin/ratings/${randomUUID()}/hide`)).status).toBe(404);
    expect((await staff('GET', `/api/admin/providers/${randomUUID()}/ratings`)).status).toBe(404);
    expect((await staff('GET', `/api/admin/providers/${providerId}/ratings?page=0`)).status).toBe(
      400,
    );
    const client = await signedInClient(db.knex, api.url);
    expect((await client.call('GET', `/api/admin/providers/${providerId}/ratings`)).status).toBe(
      403,
    );
  });
});
