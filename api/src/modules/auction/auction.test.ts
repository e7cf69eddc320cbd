import { auctionAnswerSchema, auctionListSchema } from '@twinclean/shared/auction';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../db/seeds/seed';
import { HOUR, markedVip, openJob, ratedProvider } from '../../test/auction-fixtures';
import { newUser } from '../../test/people';
import { snapshot } from '../../test/route-world';
import { type JsonCall, signedInJson } from '../../test/sign-in';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';
import { jobBoard } from '../provider/job-board';
import { listPosts } from './view';

const db = useTestDatabase();
const api = useTestServer(db, () => ({ trustProxy: true }));

let staff: JsonCall;
beforeAll(async () => {
  await seedDemoData(db.knex);
  staff = await signedInJson(api.url, 'staff@example.com');
});

const post = (bookingId: string, bonus = '25') =>
  staff('POST', '/api/admin/auction', { bookingId, bonus });
const phaseAt = async (id: string, now: Date) =>
  (await listPosts(db.knex, {}, now)).items.find((item) => item.id === id)?.phase;
const onBoard = async (providerId: string, bookingId: string, now?: Date) =>
  (await jobBoard(providerId, now)).find((job) => job.id === bookingId);
const TAKEN = 'This job may no longer be available.';

describe('posting and withdrawing', () => {
  it('posts an open job with its bonus, audited, in phases by the clock, and withdraws it', async () => {
    const id = await openJob(db.knex, 2);
    const posted = await post(id, '25.5');
    expect(posted.status).toBe(201);
    const { post: view } = auctionAnswerSchema.parse(posted.json);
    expect(view).toMatchObject({
      bookingId: id,
      phase: 'vip_window',
      bonus: '25.50',
      postedBy: { name: 'Sam Nguyen' },
      claim: null,
      withdrawn: null,
      job: { title: 'Cleaning Job', city: 'Minneapolis', providerName: null },
    });
    // The default VIP access period: 2 hours.
    const postedAt = new Date(view.postedAt);
    expect(new Date(view.vipUntil).getTime() - postedAt.getTime()).toBe(2 * HOUR);

    // The clock decides the phase: the VIP window, then open to all, then expired at the start.
    expect(await phaseAt(view.id, new Date(postedAt.getTime() + HOUR))).toBe('vip_window');
    expect(await phaseAt(view.id, new Date(postedAt.getTime() + 2 * HOUR))).toBe('open');
    expect(await phaseAt(view.id, new Date(view.startsAt))).toBe('expired');

    const list = auctionListSchema.parse((await staff('GET', '/api/admin/auction')).json);
    expect(list.items[0]).toMatchObject({ id: view.id, phase: 'vip_window' });

    const withdrawn = await staff('POST', `/api/admin/auction/${view.id}/withdraw`);
    expect(withdrawn.json).toMatchObject({
      message: 'Post withdrawn',
      post: { phase: 'withdrawn', withdrawn: { by: { name: 'Sam Nguyen' } } },
    });
    expect(await db.knex('auditLog').where({ entityId: view.id }).orderBy('id')).toMatchObject([
      { action: 'auction.post', before: null, after: { bookingId: id, bonusCents: 2550 } },
      {
        action: 'auction.withdraw',
        before: { phase: 'vip_window' },
        after: { phase: 'withdrawn' },
      },
    ]);
    // Withdrawn leaves room for a new post of the same job.
    expect((await post(id)).status).toBe(201);
  });

  it('refuses jobs that are taken, canceled, started or already posted, and bad input, changing nothing', async () => {
    const provider = await newUser(db.knex, 'provider');
    const taken = await openJob(db.knex);
    await db
      .knex('bookings')
      .where({ id: taken })
      .update({ providerId: provider.id, assignedAt: new Date() });
    const canceled = await openJob(db.knex);
    await db
      .knex('bookings')
      .where({ id: canceled })
      .update({ canceledAt: new Date(), cancellationReason: 'Moved' });
    const started = await openJob(db.knex, -1);
    const posted = await openJob(db.knex);
    const live = (await post(posted)).json.post.id as string;
    await staff('POST', `/api/admin/auction/${live}/withdraw`);
    const again = await openJob(db.knex);
    const claimedPost = (await post(again)).json.post.id as string;
    await db
      .knex('auctionPosts')
      .where({ id: claimedPost })
      .update({ claimedBy: provider.id, claimedAt: new Date() });

    const before = await snapshot(db.knex);
    expect(await post(taken)).toMatchObject({ status: 409, json: { code: 'already_assigned' } });
    expect(await post(canceled)).toMatchObject({
      status: 409,
      json: { message: 'This booking is canceled.' },
    });
    expect(await post(started)).toMatchObject({ status: 409, json: { code: 'job_started' } });
    expect(await post(again)).toMatchObject({
      status: 409,
      json: { message: 'This job is already on the auction board.' },
    });
    expect(await post('00000000-0000-4000-8000-000000000000')).toMatchObject({ status: 404 });
    expect(await post(posted, '0')).toMatchObject({
      status: 400,
      json: { message: expect.stringMatching(/bonus must be from \$1\.00 to \$500\.00/) },
    });
    expect((await post(posted, 'lots')).status).toBe(400);
    expect((await staff('POST', `/api/admin/auction/${live}/withdraw`)).json).toMatchObject({
      code: 'auction_withdrawn',
      message: 'This post was already withdrawn.',
    });
    expect((await staff('POST', `/api/admin/auction/${claimedPost}/withdraw`)).status).toBe(409);
    expect(await snapshot(db.knex)).toBe(before);
  });
});

describe('the VIP window on the job board', () => {
  it('shows a posted job to VIPs (marked or rated) alone until the window ends, then to everyone', async () => {
    const marked = await markedVip(db.knex);
    const rated = await ratedProvider(db.knex, [5, 5, 5, 5, 5, 5, 5, 5, 5, 4]); // 4.9 over 10
    const fewRatings = await ratedProvider(db.knex, [5, 5, 5, 5, 5, 5, 5, 5, 5]); // 5.0 over 9
    const lowRating = await ratedProvider(db.knex, [5, 5, 5, 5, 5, 5, 5, 4, 4, 4]); // 4.7 over 10
    const plain = await newUser(db.knex, 'provider');
    const id = await openJob(db.knex);
    const { json } = await post(id, '40');
    const vipUntil = new Date(json.post.vipUntil);

    for (const vip of [marked, rated]) {
      expect(await onBoard(vip.id, id)).toMatchObject({ urgent: true, bonus: '40.00' });
    }
    for (const other of [fewRatings, lowRating, plain]) {
      expect(await onBoard(other.id, id)).toBeUndefined();
      expect(await onBoard(other.id, id, vipUntil)).toMatchObject({ urgent: true, bonus: '40.00' });
    }

    // Accepting is refused as if the job were gone (it is not theirs to see yet), changing nothing.
    const before = await snapshot(db.knex);
    const early: JsonCall = await signedInJson(api.url, plain.email);
    expect(await early('POST', `/api/provider/job-board/${id}/accept`)).toMatchObject({
      status: 409,
      json: { message: TAKEN },
    });
    expect(await snapshot(db.knex)).toBe(before);

    // The window ends (its end moved to now): the same provider claims it.
    await db
      .knex('auctionPosts')
      .where({ bookingId: id })
      .update({ vipUntil: new Date(), postedAt: new Date(Date.now() - HOUR) });
    const claimed = await early('POST', `/api/provider/job-board/${id}/accept`);
    expect(claimed).toMatchObject({ status: 200, json: { id, urgent: true, bonus: '40.00' } });
    const list = await listPosts(db.knex, {});
    expect(list.items.find((item) => item.bookingId === id)).toMatchObject({
      phase: 'claimed',
      claim: { provider: { id: plain.id } },
      job: { providerName: 'Pia Tester' },
    });
    expect(await onBoard(marked.id, id)).toBeUndefined();
  });

  it('lets exactly one of many VIPs claim a posted job', async () => {
    const vips = await Promise.all(Array.from({ length: 4 }, () => markedVip(db.knex)));
    const callers: JsonCall[] = await Promise.all(
      vips.map((vip) => signedInJson(api.url, vip.email)),
    );
    for (let round = 0; round < 3; round += 1) {
      const id = await openJob(db.knex);
      await post(id);
      const answers = await Promise.all(
        callers.map((call) => call('POST', `/api/provider/job-board/${id}/accept`)),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
      for (const lost of answers.filter((a) => a.status === 409)) {
        expect(lost.json.message).toBe(TAKEN);
      }
      const winner = vips[answers.findIndex((a) => a.status === 200)]?.id;
      const [row] = await db.knex('auctionPosts').where({ bookingId: id });
      expect(row).toMatchObject({ claimedBy: winner });
      expect(await db.knex('bookings').where({ id }).first()).toMatchObject({ providerId: winner });
    }
  });

  it('offers a claimed job again, bonus and all, when an admin takes it back', async () => {
    const vip = await markedVip(db.knex);
    const claimer = await signedInJson(api.url, vip.email);
    const id = await openJob(db.knex);
    const posted = (await post(id, '30')).json.post.id;
    expect((await claimer('POST', `/api/provider/job-board/${id}/accept`)).status).toBe(200);
    const unassigned = await staff('POST', `/api/admin/bookings/${id}/unassign`);
    expect(unassigned.status, JSON.stringify(unassigned.json)).toBe(200);
    const [row] = await db.knex('auctionPosts').where({ id: posted });
    expect(row).toMatchObject({ claimedBy: null, claimedAt: null, withdrawnAt: null });
    expect(await onBoard(vip.id, id)).toMatchObject({ bonus: '30.00' });
    expect((await post(id)).status).toBe(409);
  });
});
