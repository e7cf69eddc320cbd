import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../db/seeds/seed';
import { HOUR, markedVip, openJob } from '../../test/auction-fixtures';
import { alertsSettled, startAlertWorkers } from '../../test/job-alert-queue';
import { newUser } from '../../test/people';
import { insertAssignedJob, NEAR, providerClient } from '../../test/punch-fixtures';
import { type LocalPhone, startLocalPushService } from '../../test/push-service';
import { type JsonCall, signedInJson } from '../../test/sign-in';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';
import { alertTheRest, WINDOW_ENDED } from './alerts';

const db = useTestDatabase();
const api = useTestServer(db, () => ({ trustProxy: true }));
let pushService: Awaited<ReturnType<typeof startLocalPushService>>;
let staff: JsonCall;

beforeAll(async () => {
  await seedDemoData(db.knex);
  pushService = await startLocalPushService();
  await startAlertWorkers(api.deps);
  staff = await signedInJson(api.url, 'staff@example.com');
});
afterAll(() => pushService?.stop());

/** A provider available every day 08:00–17:00 (so every test job fits), with a subscribed phone. */
async function alertedProvider(user: { id: string; email: string }): Promise<LocalPhone> {
  await db.knex('availabilitySlots').insert(
    Array.from({ length: 7 }, (_, day) => ({
      providerId: user.id,
      dayOfWeek: day,
      startTime: '08:00',
      endTime: '17:00',
    })),
  );
  const call: JsonCall = await signedInJson(api.url, user.email);
  const { json } = await call('GET', '/api/provider/push/key');
  const phone = await pushService.subscribe(json.publicKey as string);
  expect((await call('PUT', '/api/provider/push/subscription', phone)).status).toBe(200);
  return phone;
}

/** Every auction job has run too (the window-end jobs queued to run now). */
async function auctionSettled() {
  await expect
    .poll(
      async () =>
        Number(
          (
            await db
              .knex('pgboss.job')
              .where({ name: WINDOW_ENDED })
              .where('startAfter', '<=', new Date())
              .whereNotIn('state', ['completed', 'failed', 'cancelled'])
              .count({ count: '*' })
              .first()
          )?.count,
        ),
      { timeout: 15_000, interval: 100 },
    )
    .toBe(0);
  await alertsSettled(db.knex);
}

const urgent = (bookingId: string, bonus: string) => ({
  title: `Urgent job: +$${bonus} bonus`,
  body: expect.stringMatching(/^Cleaning Job · .+ at 10:00 AM in Minneapolis$/),
  tag: `job-${bookingId}`,
  url: '/provider/job-board',
});

describe('auction alerts', () => {
  it('alert VIPs on posting, and the rest exactly once when the window ends', async () => {
    const vip = await markedVip(db.knex);
    const vipPhone = await alertedProvider(vip);
    const plain = await newUser(db.knex, 'provider');
    const plainPhone = await alertedProvider(plain);
    const id = await openJob(db.knex);
    const { json } = await staff('POST', '/api/admin/auction', { bookingId: id, bonus: '30' });
    await auctionSettled();
    expect(await pushService.received(vipPhone)).toEqual([urgent(id, '30.00')]);
    expect(await pushService.received(plainPhone)).toEqual([]);

    // The window's end, run twice at once (a retry, a second worker): one alert each, VIPs none.
    const counts = await Promise.all([
      alertTheRest(db.knex, api.deps.jobs, json.post.id),
      alertTheRest(db.knex, api.deps.jobs, json.post.id),
    ]);
    expect(counts.sort()).toEqual([0, 1]);
    await auctionSettled();
    expect(await pushService.received(plainPhone)).toEqual([urgent(id, '30.00')]);
    expect(await pushService.received(vipPhone)).toHaveLength(1);
    expect(await alertTheRest(db.knex, api.deps.jobs, json.post.id)).toBe(0);
  });

  it('run the window-end job from the queue when the window ends, once however often it runs', async () => {
    const plain = await newUser(db.knex, 'provider');
    const plainPhone = await alertedProvider(plain);
    // No VIP access period: the window ends as the job is posted.
    await db.knex('pricingConfig').update({ vipAccessMinutes: 0 });
    try {
      const id = await openJob(db.knex, 2);
      const { json } = await staff('POST', '/api/admin/auction', { bookingId: id, bonus: '15' });
      await api.deps.jobs.send(WINDOW_ENDED, { postId: json.post.id });
      await auctionSettled();
      expect(await pushService.received(plainPhone)).toEqual([urgent(id, '15.00')]);
      const [row] = await db.knex('auctionPosts').where({ id: json.post.id });
      expect(row.restAlertedAt).toBeInstanceOf(Date);
    } finally {
      await db.knex('pricingConfig').update({ vipAccessMinutes: 120 });
    }
  });

  it('alert nobody more once the post is withdrawn or claimed', async () => {
    const plain = await newUser(db.knex, 'provider');
    const plainPhone = await alertedProvider(plain);
    const vip = await markedVip(db.knex);
    const vipCall: JsonCall = await signedInJson(api.url, vip.email);
    const [withdrawn, claimed] = [await openJob(db.knex, 3), await openJob(db.knex, 3)];
    const first = (await staff('POST', '/api/admin/auction', { bookingId: withdrawn, bonus: '5' }))
      .json;
    await staff('POST', `/api/admin/auction/${first.post.id}/withdraw`);
    const second = (await staff('POST', '/api/admin/auction', { bookingId: claimed, bonus: '5' }))
      .json;
    expect((await vipCall('POST', `/api/provider/job-board/${claimed}/accept`)).status).toBe(200);
    expect(await alertTheRest(db.knex, api.deps.jobs, first.post.id)).toBe(0);
    expect(await alertTheRest(db.knex, api.deps.jobs, second.post.id)).toBe(0);
    await auctionSettled();
    expect(await pushService.received(plainPhone)).toEqual([]);
  });
});

describe('the bonus', () => {
  it("shows on the claimed job in the provider's own jobs, and on none of their others", async () => {
    const provider = await newUser(db.knex, 'provider');
    const claimed = await insertAssignedJob(db.knex, { providerId: provider.id });
    const plain = await insertAssignedJob(db.knex, { providerId: provider.id });
    // Withdrawn before anyone claimed it; an admin then assigned it to this provider.
    const withdrawn = await insertAssignedJob(db.knex, { providerId: provider.id });
    const post = (bookingId: string, extra: Record<string, unknown> = {}) => ({
      bookingId,
      bonusCents: 3000,
      postedAt: new Date(Date.now() - 30 * HOUR),
      vipUntil: new Date(Date.now() - 28 * HOUR),
      claimedBy: provider.id,
      claimedAt: new Date(Date.now() - 24 * HOUR),
      ...extra,
    });
    await db.knex('auctionPosts').insert([
      post(claimed),
      post(withdrawn, {
        withdrawnAt: new Date(Date.now() - HOUR),
        claimedBy: null,
        claimedAt: null,
      }),
    ]);
    const call: JsonCall = await signedInJson(api.url, provider.email);
    const jobs = (await call('GET', '/api/provider/jobs')).json as {
      id: string;
      urgent: boolean;
      bonus: string | null;
    }[];
    const byId = new Map(jobs.map((job) => [job.id, job]));
    expect(byId.get(claimed)).toMatchObject({ urgent: true, bonus: '30.00' });
    expect(byId.get(plain)).toMatchObject({ urgent: false, bonus: null });
    expect(byId.get(withdrawn)).toMatchObject({ urgent: false, bonus: null });
    expect((await call('GET', `/api/provider/jobs/${claimed}`)).json).toMatchObject({
      urgent: true,
      bonus: '30.00',
    });
    expect((await call('GET', `/api/provider/jobs/${plain}`)).json).toMatchObject({
      urgent: false,
      bonus: null,
    });
  });

  it('is paid on top at clock-out to the provider who claimed the job', async () => {
    const provider = await newUser(db.knex, 'provider');
    const job = await insertAssignedJob(db.knex, { providerId: provider.id });
    await db.knex('auctionPosts').insert({
      bookingId: job,
      bonusCents: 2500,
      postedAt: new Date(Date.now() - 30 * HOUR),
      vipUntil: new Date(Date.now() - 28 * HOUR),
      claimedBy: provider.id,
      claimedAt: new Date(Date.now() - 24 * HOUR),
    });
    const punch = await providerClient(api.url, provider.email);
    const inAt = new Date(Date.now() - 3 * HOUR).toISOString();
    expect(
      (await punch(`/api/provider/clock-in/${job}`, { ...NEAR, occurredAt: inAt }, randomUUID()))
        .status,
    ).toBe(200);
    const out = await punch(
      `/api/provider/clock-out/${job}`,
      { ...NEAR, waitPay: 0 },
      randomUUID(),
    );
    // 3 h at $25.00 plus the $25.00 bonus.
    expect(out.json).toMatchObject({ payout: { bonus: '25.00', totalAmount: '100.00' } });
    expect(await db.knex('payouts').where({ bookingId: job }).first()).toMatchObject({
      baseAmountCents: 7500,
      bonusCents: 2500,
      totalAmountCents: 10_000,
    });
    const payouts: JsonCall = await signedInJson(api.url, provider.email);
    expect((await payouts('GET', '/api/provider/payouts')).json[0]).toMatchObject({
      bonus: '25.00',
      totalAmount: '100.00',
    });
    // The admin's booking page names it too.
    expect((await staff('GET', `/api/admin/bookings/${job}`)).json.payout).toMatchObject({
      bonus: '25.00',
      totalAmount: '100.00',
    });
  });
});
