import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { formatDate } from '@twinclean/shared/schedule';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { demoAccounts } from '../../../db/seeds/demo-accounts';
import { seedDemoData } from '../../../db/seeds/seed';
import { webPushSender } from '../../adapters/push';
import { createApp } from '../../app';
import { nextWeekday, wizardPayload } from '../../test/fixtures';
import { alertsSettled, startAlertWorkers } from '../../test/job-alert-queue';
import { type LocalPhone, startLocalPushService } from '../../test/push-service';
import { signInAs } from '../../test/sign-in';
import { useTestDatabase } from '../../test/test-database';
import { TEST_VAPID, testAppDeps, useTestServer } from '../../test/test-server';
import { MAX_DEVICES } from './subscriptions';
import { vapidKeys } from './vapid';

const db = useTestDatabase();
const api = useTestServer(db, () => ({ trustProxy: true }));
let pushService: Awaited<ReturnType<typeof startLocalPushService>>;

type Request = Awaited<ReturnType<typeof signInAs>>;
const send = async (request: Request, method: string, path: string, body?: unknown) => {
  const res = await request(path, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
};

/** A phone of this provider, subscribed the way the app does it after the tap. */
async function subscribedPhone(request: Request): Promise<LocalPhone> {
  const { json } = await send(request, 'GET', '/api/provider/push/key');
  const phone = await pushService.subscribe(json.publicKey as string);
  const saved = await send(request, 'PUT', '/api/provider/push/subscription', phone);
  expect(saved).toMatchObject({ status: 200, json: { ok: true, message: 'Job alerts are on' } });
  return phone;
}

let bookings = 0;
async function book(scheduledDate: string): Promise<string> {
  const res = await fetch(`${api.url}/api/bookings`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `203.0.113.${++bookings}` },
    body: JSON.stringify(wizardPayload({ scheduledDate, scheduledTime: '09:00', addOns: [] })),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

beforeAll(async () => {
  await seedDemoData(db.knex);
  pushService = await startLocalPushService();
  await startAlertWorkers(api.deps);
});
afterAll(() => pushService?.stop());

describe('job alerts', () => {
  it('alert the providers whose week the job fits, then replace the alert when it is taken', async () => {
    // Demo availability: provider Mon–Fri 08:00–17:00; provider2 Tue/Thu/Sat 09:00–15:00.
    const provider = await signInAs(api.url, demoAccounts.provider.email);
    const provider2 = await signInAs(api.url, demoAccounts.provider2.email);
    const phone = await subscribedPhone(provider);
    const phone2 = await subscribedPhone(provider2);

    const monday = await book(nextWeekday(1));
    const tuesday = await book(nextWeekday(2));
    await alertsSettled(db.knex);
    const newJob = (id: string, date: string) => ({
      title: 'New job: Medium Home',
      body: expect.stringMatching(
        new RegExp(`^${date} at 9:00 AM in Minneapolis · \\$\\d+\\.\\d{2}$`),
      ),
      tag: `job-${id}`,
      url: '/provider/job-board',
    });
    const day = formatDate;
    // Decrypted by the push service, so signed with our VAPID key and encrypted to each phone.
    // Pushes go out in parallel, so in any order.
    const received = await pushService.received(phone);
    expect(received).toHaveLength(2);
    expect(received).toEqual(
      expect.arrayContaining([
        newJob(monday, day(nextWeekday(1))),
        newJob(tuesday, day(nextWeekday(2))),
      ]),
    );
    expect(await pushService.received(phone2)).toEqual([newJob(tuesday, day(nextWeekday(2)))]);

    const latePhone = await subscribedPhone(provider);
    // provider2 takes Tuesday's job: provider's alert is replaced (same tag), provider2 hears nothing.
    expect(
      (await send(provider2, 'POST', `/api/provider/job-board/${tuesday}/accept`)).status,
    ).toBe(200);
    await alertsSettled(db.knex);
    expect((await pushService.received(phone)).at(-1)).toEqual({
      title: 'Job taken: Medium Home',
      body: `The ${day(nextWeekday(2))} at 9:00 AM job in Minneapolis has been accepted by another cleaner.`,
      tag: `job-${tuesday}`,
      url: '/provider/job-board',
    });
    expect(await pushService.received(phone2)).toHaveLength(1);
    // A phone subscribed after the alert went out never hears "taken" about a job it never saw.
    expect(await pushService.received(latePhone)).toEqual([]);
    const [row] = await db.knex('pushSubscriptions').where({ endpoint: phone.endpoint });
    expect(row.lastSuccessAt).toBeInstanceOf(Date);
  });

  it('never alert a deactivated provider, whatever their week', async () => {
    const provider2 = await signInAs(api.url, demoAccounts.provider2.email);
    const phone2 = await subscribedPhone(provider2);
    await db
      .knex('users')
      .where({ email: demoAccounts.provider2.email })
      .update({ deactivatedAt: new Date() });
    try {
      // Tuesday fits provider2's week, as in the test above.
      await book(nextWeekday(2));
      await alertsSettled(db.knex);
      expect(await pushService.received(phone2)).toEqual([]);
    } finally {
      await db
        .knex('users')
        .where({ email: demoAccounts.provider2.email })
        .update({ deactivatedAt: null });
    }
  });

  it('forget a phone whose browser dropped the subscription (410), and no one else', async () => {
    const provider = await signInAs(api.url, demoAccounts.provider.email);
    const dropped = await subscribedPhone(provider);
    const kept = await subscribedPhone(provider);
    await pushService.expire(dropped);
    const wednesday = await book(nextWeekday(3));
    await alertsSettled(db.knex);
    const endpoints = await db.knex('pushSubscriptions').pluck('endpoint');
    expect(endpoints).not.toContain(dropped.endpoint);
    expect(endpoints).toContain(kept.endpoint);
    expect((await pushService.received(kept)).map((m) => (m as { tag: string }).tag)).toEqual([
      `job-${wednesday}`,
    ]);
  });
});

describe('push sender', () => {
  it('is refused by the push service when the VAPID key is not the one the phone subscribed with', async () => {
    const phone = await pushService.subscribe(TEST_VAPID.publicKey);
    const target = { endpoint: phone.endpoint, ...phone.keys };
    const message = { title: 'Hi', body: '', tag: 't', url: '/provider/job-board' };
    const impostor = webPushSender({ ...webpush.generateVAPIDKeys(), subject: TEST_VAPID.subject });
    expect(await impostor.send(target, message)).toMatchObject({ kind: 'refused' });
    expect(await pushService.received(phone)).toEqual([]);
    expect(await webPushSender(TEST_VAPID).send(target, message)).toEqual({ kind: 'sent' });
    expect(await pushService.received(phone)).toEqual([message]);
  });

  it('follows no redirect, and comes back when a busy push service says', async () => {
    const answers = [
      { status: 307, headers: { Location: 'http://169.254.169.254/' } },
      { status: 429, headers: { 'Retry-After': '120' } },
      { status: 503, headers: {} },
    ];
    let asked = 0;
    const service = createServer((_req, res) => {
      const answer = answers[asked++] ?? { status: 500, headers: {} };
      res.writeHead(answer.status, answer.headers).end();
    }).listen(0, '127.0.0.1');
    await once(service, 'listening');
    try {
      const phone = await pushService.subscribe(TEST_VAPID.publicKey);
      const target = {
        endpoint: `http://127.0.0.1:${(service.address() as AddressInfo).port}/notify/x`,
        ...phone.keys,
      };
      const message = { title: 'Hi', body: '', tag: 't', url: '/provider/job-board' };
      const sender = webPushSender(TEST_VAPID);
      expect(await sender.send(target, message)).toMatchObject({ kind: 'refused' });
      expect(await sender.send(target, message)).toMatchObject({
        kind: 'retry',
        afterSeconds: 120,
      });
      const plain = await sender.send(target, message);
      expect(plain.kind === 'retry' && plain.afterSeconds).toBe(undefined);
      expect(asked).toBe(3);
    } finally {
      service.close();
    }
  });

  it('asks for a retry when the push service cannot be reached', async () => {
    const target = {
      endpoint: 'http://127.0.0.1:9/notify/x',
      ...(await pushService.subscribe(TEST_VAPID.publicKey)).keys,
    };
    const outcome = await webPushSender(TEST_VAPID).send(target, {
      title: 'Hi',
      body: '',
      tag: 't',
      url: '/provider/job-board',
    });
    expect(outcome.kind).toBe('retry');
  });
});

describe('push subscription routes', () => {
  it('need a provider: 401 without a session, 403 for a client', async () => {
    expect((await fetch(`${api.url}/api/provider/push/key`)).status).toBe(401);
    const client = await signInAs(api.url, demoAccounts.client.email);
    expect((await send(client, 'GET', '/api/provider/push/key')).status).toBe(403);
    expect((await send(client, 'PUT', '/api/provider/push/subscription', {})).status).toBe(403);
  });

  it('refuse a malformed subscription with a message and store nothing', async () => {
    const provider = await signInAs(api.url, demoAccounts.provider.email);
    const before = await db.knex('pushSubscriptions').count({ count: '*' });
    const bad = await send(provider, 'PUT', '/api/provider/push/subscription', {
      endpoint: 'not a url',
      keys: { p256dh: 'short', auth: '' },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toMatch(/Push endpoint must be a URL/);
    const phone = await pushService.subscribe(TEST_VAPID.publicKey);
    const keyOf = (bytes: Buffer) => bytes.toString('base64url');
    for (const [p256dh, message] of [
      [keyOf(Buffer.alloc(64, 4)), 'p256dh must be an uncompressed P-256 public key'],
      // The right shape, but no point on the curve: encrypting to it would fail every time.
      [keyOf(Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)])), 'p256dh is not a point'],
    ] as const) {
      const refused = await send(provider, 'PUT', '/api/provider/push/subscription', {
        ...phone,
        keys: { ...phone.keys, p256dh },
      });
      expect(refused.status).toBe(400);
      expect(refused.json.message).toContain(message);
    }
    expect(await db.knex('pushSubscriptions').count({ count: '*' })).toEqual(before);
  });

  it('take only known push services over https in production', async () => {
    const deps = testAppDeps(db.knex, { trustProxy: true, anyPushEndpoint: false });
    const server = createApp(deps).listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const provider = await signInAs(url, demoAccounts.provider.email);
      const phone = await pushService.subscribe(TEST_VAPID.publicKey);
      const at = (endpoint: string) =>
        send(provider, 'PUT', '/api/provider/push/subscription', { ...phone, endpoint });
      for (const endpoint of [phone.endpoint, 'https://169.254.169.254/notify/x']) {
        expect(await at(endpoint)).toMatchObject({
          status: 400,
          json: { message: 'Push endpoint must be an https URL of a known push service' },
        });
      }
      const fcm = 'https://fcm.googleapis.com/fcm/send/phone-1';
      expect((await at(fcm)).status).toBe(200);
      const stored = await db.knex('pushSubscriptions').pluck('endpoint');
      expect(stored).toContain(fcm);
      expect(stored).not.toContain(phone.endpoint);
    } finally {
      await new Promise((resolve) => server.close(resolve));
      await deps.jobs.stop();
    }
  });

  it('move a phone to whoever subscribes on it, and let each unsubscribe only their own', async () => {
    const provider = await signInAs(api.url, demoAccounts.provider.email);
    const provider2 = await signInAs(api.url, demoAccounts.provider2.email);
    const phone = await subscribedPhone(provider);
    await send(provider2, 'PUT', '/api/provider/push/subscription', phone);
    const owner = () =>
      db
        .knex('pushSubscriptions')
        .where({ endpoint: phone.endpoint })
        .then((rows) => rows.map((row) => row.userId));
    expect(await owner()).toEqual([demoAccounts.provider2.id]);

    const notMine = await send(provider, 'DELETE', '/api/provider/push/subscription', {
      endpoint: phone.endpoint,
    });
    expect(notMine.status).toBe(200);
    expect(await owner()).toEqual([demoAccounts.provider2.id]);
    const mine = await send(provider2, 'DELETE', '/api/provider/push/subscription', {
      endpoint: phone.endpoint,
    });
    expect(mine.json).toEqual({ ok: true, message: 'Job alerts are off' });
    expect(await owner()).toEqual([]);
  });

  it(`keep a provider's ${MAX_DEVICES} newest phones`, async () => {
    const provider2 = await signInAs(api.url, demoAccounts.provider2.email);
    const phones: LocalPhone[] = [];
    for (let i = 0; i <= MAX_DEVICES; i++) phones.push(await subscribedPhone(provider2));
    const endpoints = await db
      .knex('pushSubscriptions')
      .where({ userId: demoAccounts.provider2.id })
      .pluck('endpoint');
    expect(endpoints).toHaveLength(MAX_DEVICES);
    expect(endpoints).not.toContain(phones[0]?.endpoint);
  });
});

describe('VAPID keys', () => {
  it('come from the environment when set, else are generated once and kept', async () => {
    const subject = 'mailto:ops@twinclean.test';
    const pair = webpush.generateVAPIDKeys();
    const env = {
      VAPID_PUBLIC_KEY: pair.publicKey,
      VAPID_PRIVATE_KEY: pair.privateKey,
      VAPID_SUBJECT: subject,
    };
    expect(await vapidKeys(db.knex, env)).toEqual({ ...pair, subject });
    await expect(vapidKeys(db.knex, { ...env, VAPID_PUBLIC_KEY: 'BPub' })).rejects.toThrow(
      /VAPID_PUBLIC_KEY\/VAPID_PRIVATE_KEY cannot sign pushes/,
    );
    const first = await vapidKeys(db.knex, { VAPID_SUBJECT: subject });
    expect(first.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(await vapidKeys(db.knex, { VAPID_SUBJECT: subject })).toEqual(first);
  });
});
