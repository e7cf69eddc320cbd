import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { formatDate } from '@twinclean/shared/schedule';
import { nextWeekday, wizardPayload } from '../api/src/test/fixtures';
import { type LocalPhone, startLocalPushService } from '../api/src/test/push-service';
import { signInAs } from '../api/src/test/sign-in';
import { signIn, toast } from './helpers';
import { lacksNotificationService, standInNotificationTray } from './notification-tray';
import { BASE_URL, openPhone, serviceWorkerPush } from './phone';

test.describe.configure({ timeout: 90_000 });

/** A guest books a house cleaning on the public site's API. */
async function guestBooks(scheduledDate: string, scheduledTime: string): Promise<string> {
  const res = await fetch(`${BASE_URL}/api/bookings`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(wizardPayload({ scheduledDate, scheduledTime, addOns: [] })),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

test('a tap turns job alerts on; new jobs that fit arrive through a push service, a taken one is replaced, an accepted one is cleared', async () => {
  const pushService = await startLocalPushService();
  const { context, page, close } = await openPhone();
  try {
    // The browser's own push service (FCM) is out of reach here, so pushManager.subscribe is
    // answered by the local push service: a real endpoint and keys the server encrypts to.
    let subscribed: LocalPhone | undefined;
    await context.exposeFunction('subscribeAtLocalPushService', async (key: string) => {
      subscribed = await pushService.subscribe(key);
      return subscribed;
    });
    await context.addInitScript(() => {
      type Local = { endpoint: string; keys: { p256dh: string; auth: string } };
      const subscribeThere = (window as unknown as Record<string, (key: string) => Promise<Local>>)
        .subscribeAtLocalPushService;
      // Kept across reloads, as a browser keeps its subscription.
      const saved = 'local-push-subscription';
      const asSubscription = (local: Local, key: Uint8Array) =>
        ({
          endpoint: local.endpoint,
          expirationTime: null,
          options: { userVisibleOnly: true, applicationServerKey: key.buffer },
          toJSON: () => ({ endpoint: local.endpoint, expirationTime: null, keys: local.keys }),
          unsubscribe: async () => {
            localStorage.removeItem(saved);
            return true;
          },
        }) as unknown as PushSubscription;
      PushManager.prototype.getSubscription = async () => {
        const found = localStorage.getItem(saved);
        if (!found) return null;
        const { local, key } = JSON.parse(found) as { local: Local; key: number[] };
        return asSubscription(local, new Uint8Array(key));
      };
      PushManager.prototype.subscribe = async (options) => {
        const key = new Uint8Array(options?.applicationServerKey as Uint8Array);
        const base64url = btoa(String.fromCharCode(...key))
          .replaceAll('+', '-')
          .replaceAll('/', '_')
          .replace(/=+$/, '');
        const local = await (subscribeThere as (key: string) => Promise<Local>)(base64url);
        localStorage.setItem(saved, JSON.stringify({ local, key: [...key] }));
        return asSubscription(local, key);
      };
    });
    await context.grantPermissions(['notifications'], { origin: BASE_URL });
    // The bundled headless shell cannot show notifications at all: there, and only there, the
    // tray is stood in (e2e/notification-tray.ts); what the app does around it stays real.
    const tray = (await lacksNotificationService(context, BASE_URL))
      ? await standInNotificationTray(context, test.info())
      : undefined;

    await signIn(page, 'provider2@example.com');
    await expect(page).toHaveURL(/\/provider$/);
    await page.goto('/provider/job-board');
    const card = page.getByRole('region', { name: 'Job alerts' });
    await expect(card).toContainText('Get a notification on this phone when a new job fits');
    await card.getByRole('button', { name: 'Turn on job alerts' }).click();
    await expect(card).toContainText("On for this phone. You'll get a notification");
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    const phone = subscribed as LocalPhone;
    const date = nextWeekday(2); // inside Amina's Tue 09:00–15:00
    // The board is loaded before the jobs exist; only the pushes can tell it to refresh.
    const worker = await serviceWorkerPush(context, page);
    await tray?.ready();
    const jobCard = (time: string) =>
      page
        .getByRole('article')
        .filter({ hasText: '3348 Hennepin Ave' })
        .filter({ hasText: formatDate(date) })
        .filter({ hasText: time });

    const taken = await guestBooks(date, '09:00');
    const mine = await guestBooks(date, '10:00');
    const newJob = (id: string, time: string) => ({
      title: 'New job: Medium Home',
      body: expect.stringContaining(`${formatDate(date)} at ${time} in Minneapolis · $`),
      tag: `job-${id}`,
      url: '/provider/job-board',
    });
    // The server's pushes about these two jobs, VAPID-checked and decrypted by the push service.
    const about = async (...ids: string[]) =>
      ((await pushService.received(phone)) as Record<string, string>[]).filter((m) =>
        ids.some((id) => m.tag === `job-${id}`),
      );
    // Sent in parallel, so in any order.
    const byTag = <T extends { tag?: unknown }>(list: T[]) =>
      list.sort((a, b) => String(a.tag).localeCompare(String(b.tag)));
    await expect
      .poll(async () => byTag(await about(taken, mine)), { timeout: 20_000 })
      .toEqual(byTag([newJob(taken, '9:00 AM'), newJob(mine, '10:00 AM')]));
    const messages = await about(taken, mine);
    for (const message of messages) await worker.deliver(message);
    // Shown as sent, in whatever order the phone lists them.
    await expect
      .poll(async () => byTag(await worker.shown()))
      .toEqual(byTag(messages.map(({ title, body, tag }) => ({ title, body, tag }))));
    // The open board took the pushes as its cue to refresh.
    await expect(jobCard('9:00 AM')).toBeVisible();
    await expect(jobCard('10:00 AM')).toBeVisible();

    // Another cleaner takes the 9:00 job: its alert on this phone becomes "taken".
    const jordan = await signInAs(BASE_URL, 'provider@example.com');
    expect(
      (await jordan(`/api/provider/job-board/${taken}/accept`, { method: 'POST' })).status,
    ).toBe(200);
    await expect.poll(async () => (await about(taken)).length, { timeout: 20_000 }).toBe(2);
    await worker.deliver((await about(taken))[1]);
    await expect.poll(worker.shown).toContainEqual({
      title: 'Job taken: Medium Home',
      body: `The ${formatDate(date)} at 9:00 AM job in Minneapolis has been accepted by another cleaner.`,
      tag: `job-${taken}`,
    });

    await expect(jobCard('9:00 AM')).toHaveCount(0);

    // Amina accepts the 10:00 job in the app, and its alert is cleared from her phone.
    await jobCard('10:00 AM').getByRole('button', { name: 'Accept Job' }).click();
    await expect(toast(page, 'Job Accepted!')).toBeVisible();
    await expect
      .poll(async () => (await worker.shown()).map((n) => n.tag))
      .toEqual([`job-${taken}`]);

    // Off again: the server forgets this phone.
    const forgotten = page.waitForResponse(
      (r) =>
        r.url().endsWith('/api/provider/push/subscription') && r.request().method() === 'DELETE',
    );
    await card.getByRole('button', { name: 'Turn off job alerts' }).click();
    expect((await forgotten).status()).toBe(200);
    await expect(card.getByRole('button', { name: 'Turn on job alerts' })).toBeVisible();
  } finally {
    await close();
    await pushService.stop();
  }
});
