import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { repoRoot } from '../api/src/config';
import { toast } from './helpers';
import {
  acceptAnotherJob,
  acceptNewJob,
  cancelBehindTheirBack,
  controlledByWorker,
  localOutbox,
  openPhone,
  PNG,
  serverEvents,
  standAtJob,
} from './phone';

// Each phone is a real Chromium profile with the real service worker; these take a while.
test.describe.configure({ timeout: 90_000 });

const syncBadge = (page: Page) => page.getByRole('button', { name: /^Sync status: / });

/**
 * Clocks in online and waits for the job as the server now has it: saved on the phone (a refresh
 * cut off by going offline would leave only the older copy, which is not kept).
 */
async function clockInOnline(page: Page, bookingId: string) {
  const refreshed = page.waitForResponse(
    async (res) =>
      res.url().endsWith(`/api/provider/jobs/${bookingId}`) &&
      Boolean((await res.json().catch(() => null))?.providerClockInTime),
  );
  await page.getByRole('button', { name: 'Clock In' }).click();
  await refreshed;
  expect(await serverEvents(bookingId)).toHaveLength(1);
}

test('installs, and opens every provider route offline after one online visit', async () => {
  const { context, page, close } = await openPhone();
  try {
    const job = await acceptNewJob(page, 'provider2@example.com');
    await controlledByWorker(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);

    const routes = [
      ['/provider', 'Welcome back, Amina'],
      ['/provider/job-board', 'Available Jobs'],
      ['/provider/availability', 'My Availability'],
      ['/provider/payouts', 'My Earnings'],
      [`/provider/jobs/${job.id}`, 'Client Information'],
    ] as const;
    for (const [route, heading] of routes) {
      await page.goto(route);
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    }
    await context.setOffline(true);
    for (const [route, heading] of routes) {
      await page.goto(route);
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    }
    // Saved data shows offline: the job's address came from local storage, not the server.
    await expect(page.getByText(job.address).first()).toBeVisible();
  } finally {
    await close();
  }
});

test('offline punches and photos survive a reload and reach the server once, in order, with the phone’s times', async () => {
  const { context, page, close } = await openPhone();
  try {
    const job = await acceptNewJob(page, 'provider2@example.com');
    await standAtJob(context, job);
    await page.goto(`/provider/jobs/${job.id}`);
    await controlledByWorker(page);
    await expect(page.getByRole('heading', { name: 'Time Tracking' })).toBeVisible();

    await context.setOffline(true);
    await page.getByRole('button', { name: 'Clock In' }).click();
    await expect(toast(page, 'Clocked In')).toBeVisible();
    await expect(
      page.getByText('Clock-in saved on this phone; it syncs when you are online.'),
    ).toBeVisible();
    await page.getByLabel('Add before photos').setInputFiles([
      { name: 'kitchen.png', mimeType: 'image/png', buffer: PNG },
      { name: 'bath.png', mimeType: 'image/png', buffer: PNG },
    ]);
    await expect(page.getByText('Waiting to upload')).toHaveCount(2);
    await expect(syncBadge(page)).toHaveAccessibleName('Sync status: 3 waiting');

    // A reload with no network: the app, the job and what the phone recorded are all still here.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Time Tracking' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Before photo 2' })).toBeVisible();
    await expect(page.getByText('Waiting to upload')).toHaveCount(2);
    await page.getByLabel('Wait pay ($)').fill('5');
    await page.getByRole('button', { name: 'Clock Out' }).click();
    await expect(toast(page, 'Clocked Out')).toBeVisible();
    await expect(syncBadge(page)).toHaveAccessibleName('Sync status: 4 waiting');
    const recorded = await localOutbox(page);
    expect(recorded.map((e) => e.kind)).toEqual(['clock_in', 'photo', 'photo', 'clock_out']);

    await context.setOffline(false);
    await expect(syncBadge(page)).toHaveAccessibleName('Sync status: Synced', { timeout: 30_000 });

    const events = await serverEvents(job.id);
    const punches = recorded.filter((e) => e.kind !== 'photo');
    expect(events.map((e) => [e.clientEventId, e.type, e.responseStatus])).toEqual(
      punches.map((e) => [e.id, e.kind, 200]),
    );
    for (const [i, event] of events.entries()) {
      expect(new Date(event.occurredAt).getTime()).toBe(
        new Date(punches[i]?.occurredAt ?? 0).getTime(),
      );
      expect(event.offline).toBe(true);
    }
    const onServer = await (await page.request.get(`/api/provider/jobs/${job.id}`)).json();
    expect(onServer).toMatchObject({ status: 'completed' });
    expect(onServer.beforePhotos).toHaveLength(2);
  } finally {
    await close();
  }
});

test('a flaky server (a 500, then a dropped answer) still ends with one punch and one photo', async () => {
  // Without a service worker, so the test can stand between the page and the server.
  const { page, close } = await openPhone({ serviceWorkers: 'block' });
  try {
    const job = await acceptNewJob(page, 'provider@example.com');
    await page.goto(`/provider/jobs/${job.id}`);
    await expect(page.getByRole('heading', { name: 'Time Tracking' })).toBeVisible();
    let posts = 0;
    await page.route('**/api/provider/**', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      posts += 1;
      if (posts === 1) {
        return route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: '{"message":"Boom"}',
        });
      }
      if (posts === 2 || posts === 4) {
        // The server applies it, and the answer never reaches the phone.
        await route.fetch();
        return route.abort('connectionreset');
      }
      return route.continue();
    });

    // Retries come on a timer and from "Sync now"; either way the failures show with their
    // reasons until the replay lands.
    const syncUntilDone = () =>
      expect(async () => {
        await status.getByRole('button', { name: 'Sync now' }).click();
        await expect(syncBadge(page)).toHaveAccessibleName('Sync status: Synced', {
          timeout: 1_000,
        });
      }).toPass({ timeout: 30_000 });
    const status = page.getByRole('dialog', { name: 'Sync status' });

    await page.getByRole('button', { name: 'Clock In' }).click();
    await syncBadge(page).click();
    await expect(status).toContainText(/Waiting to retry: (Server said 500: Boom|No connection)/);
    await syncUntilDone();
    await page.keyboard.press('Escape');

    await page
      .getByLabel('Add before photos')
      .setInputFiles({ name: 'hall.png', mimeType: 'image/png', buffer: PNG });
    // Compressed and queued first: until its first (dropped) upload the badge may still say Synced.
    await expect.poll(() => posts).toBe(4);
    await syncBadge(page).click();
    await syncUntilDone();

    expect(posts).toBe(5);
    const events = await serverEvents(job.id);
    expect(events.map((e) => e.type)).toEqual(['clock_in']);
    const onServer = await (await page.request.get(`/api/provider/jobs/${job.id}`)).json();
    expect(onServer.beforePhotos).toHaveLength(1);
  } finally {
    await close();
  }
});

test('a job canceled while the phone was offline shows the refused punch and does not block the rest', async () => {
  const { context, page, close } = await openPhone();
  try {
    const job = await acceptNewJob(page, 'provider@example.com');
    await page.goto(`/provider/jobs/${job.id}`);
    await controlledByWorker(page);
    await expect(page.getByRole('heading', { name: 'Time Tracking' })).toBeVisible();
    await context.setOffline(true);
    // Accepting a job needs the server: offline, the board says so and the buttons wait.
    await page
      .getByRole('navigation', { name: 'Provider' })
      .getByRole('link', { name: 'Job Board' })
      .click();
    await expect(
      page.getByText("You're offline. Accepting a job needs a connection."),
    ).toBeVisible();
    for (const button of await page.getByRole('button', { name: 'Accept Job' }).all()) {
      await expect(button).toBeDisabled();
    }
    await page.goBack();
    await page.getByRole('button', { name: 'Clock In' }).click();
    await page
      .getByLabel('Add before photos')
      .setInputFiles({ name: 'door.png', mimeType: 'image/png', buffer: PNG });
    await expect(syncBadge(page)).toHaveAccessibleName('Sync status: 2 waiting');

    await cancelBehindTheirBack(job.id);
    await context.setOffline(false);
    await expect(syncBadge(page)).toHaveAccessibleName('Sync status: 2 not applied', {
      timeout: 30_000,
    });
    await expect(page.getByText('Clock-in not applied: This job was canceled.')).toBeVisible();
    await expect(page.getByText(/^Not uploaded: /)).toBeVisible();
    await syncBadge(page).click();
    await expect(page.getByRole('dialog', { name: 'Sync status' })).toContainText(
      'This job was canceled.',
    );
    // Kept on the phone as refused, never resent.
    expect((await localOutbox(page)).map((e) => e.status)).toEqual(['rejected', 'rejected']);
  } finally {
    await close();
  }
});

test('a new version waits while anything is left to sync, and applies on the tap once synced', async () => {
  const { context, page, close } = await openPhone();
  const swFile = path.join(repoRoot, 'pwa/dist/sw.js');
  const original = await readFile(swFile, 'utf8');
  try {
    const job = await acceptNewJob(page, 'provider@example.com');
    await standAtJob(context, job);
    await page.goto(`/provider/jobs/${job.id}`);
    await controlledByWorker(page);
    // Another tab holds the outbox (one tab drains at a time), so the punch waits while online.
    const otherTab = await context.newPage();
    await otherTab.goto('/api/health');
    await otherTab.evaluate(() => {
      void navigator.locks.request('twinclean-outbox', () => new Promise(() => {}));
    });
    await page.getByRole('button', { name: 'Clock In' }).click();
    await expect(syncBadge(page)).toHaveAccessibleName('Sync status: 1 waiting');

    // A deploy: the server now has a different service worker.
    await writeFile(swFile, `${original}\n// the next version\n`);
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    const prompt = page.getByRole('status').filter({ hasText: 'A new version' });
    await expect(prompt).toHaveText(
      'A new version is ready. It installs once the waiting item has synced.Update',
    );
    await expect(prompt.getByRole('button', { name: 'Update' })).toBeDisabled();

    await otherTab.close();
    const status = page.getByRole('dialog', { name: 'Sync status' });
    await expect(async () => {
      if (!(await status.isVisible())) await syncBadge(page).click();
      await status.getByRole('button', { name: 'Sync now' }).click();
      await expect(syncBadge(page)).toHaveAccessibleName('Sync status: Synced', { timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    await page.keyboard.press('Escape');
    await expect(prompt).toContainText('A new version of the app is ready.');

    await page.evaluate(() => {
      (window as unknown as { beforeUpdate: boolean }).beforeUpdate = true;
    });
    // The new version takes over and the page reloads under it.
    const reloaded = page.waitForEvent('load');
    await prompt.getByRole('button', { name: 'Update' }).click();
    await reloaded;
    expect(await page.evaluate(() => 'beforeUpdate' in window)).toBe(false);
    await expect(page.getByRole('heading', { name: 'Time Tracking' })).toBeVisible();
    const waiting = await page.evaluate(async () =>
      Boolean((await navigator.serviceWorker.getRegistration())?.waiting),
    );
    expect(waiting).toBe(false);
    await expect(prompt).toHaveCount(0);
    expect((await serverEvents(job.id)).map((e) => e.type)).toEqual(['clock_in']);
  } finally {
    await writeFile(swFile, original);
    await close();
  }
});

test('a photo taken while the clock-in still looks for a location waits for it, and both land', async () => {
  const { context, page, close } = await openPhone();
  try {
    // A slow fix, as indoors: the clock-in waits 3 s for its location.
    await context.addInitScript(() => {
      const geolocation = navigator.geolocation;
      const locate = geolocation.getCurrentPosition.bind(geolocation);
      geolocation.getCurrentPosition = (found, failed, options) => {
        setTimeout(() => locate(found, failed, options), 3000);
      };
    });
    const job = await acceptNewJob(page, 'provider@example.com');
    await page.goto(`/provider/jobs/${job.id}`);
    await page.getByRole('button', { name: 'Clock In' }).click();
    await page
      .getByLabel('Add before photos')
      .setInputFiles({ name: 'hall.png', mimeType: 'image/png', buffer: PNG });
    await expect(syncBadge(page)).toHaveAccessibleName('Sync status: Synced', { timeout: 20_000 });
    expect((await localOutbox(page)).map((e) => [e.kind, e.status])).toEqual([
      ['clock_in', 'sent'],
      ['photo', 'sent'],
    ]);
    expect((await serverEvents(job.id)).map((e) => e.type)).toEqual(['clock_in']);
    const onServer = await (await page.request.get(`/api/provider/jobs/${job.id}`)).json();
    expect(onServer.beforePhotos).toHaveLength(1);
  } finally {
    await close();
  }
});

for (const restart of ['reloaded', 'closed and opened again'] as const) {
  test(`a clock-out still finding its location when the app is ${restart} offline goes on reconnecting, with the photo behind it`, async () => {
    const { context, page, close } = await openPhone();
    try {
      const job = await acceptNewJob(page, 'provider@example.com');
      await standAtJob(context, job);
      await page.goto(`/provider/jobs/${job.id}`);
      await controlledByWorker(page);
      await clockInOnline(page, job.id);

      await context.setOffline(true);
      // In a basement the phone keeps looking: no fix, and no error either.
      await page.evaluate(() => {
        navigator.geolocation.getCurrentPosition = () => {};
      });
      await page.getByRole('button', { name: 'Clock Out' }).click();
      await expect(page.getByText('Clock-out recorded; finding your location…')).toBeVisible();
      await page
        .getByLabel('Add after photos')
        .setInputFiles({ name: 'tidy.png', mimeType: 'image/png', buffer: PNG });
      await expect(page.getByText('Waiting to upload')).toHaveCount(1);

      // Well within the fix's 12 s: nobody is left to bring it.
      let phone = page;
      if (restart === 'reloaded') {
        await page.reload();
      } else {
        await page.close();
        phone = await context.newPage();
        await phone.goto(`/provider/jobs/${job.id}`);
      }
      const why = 'The app closed before the location was found. Recorded as not verified.';
      await expect(phone.getByText(why)).toBeVisible();
      await expect(syncBadge(phone)).toHaveAccessibleName('Sync status: 2 waiting');

      await context.setOffline(false);
      await expect(syncBadge(phone)).toHaveAccessibleName('Sync status: Synced', {
        timeout: 20_000,
      });
      await expect(phone.getByText(why)).toBeVisible();
      expect((await serverEvents(job.id)).map((e) => [e.type, e.responseStatus])).toEqual([
        ['clock_in', 200],
        ['clock_out', 200],
      ]);
      const clockOut = (await localOutbox(phone)).find((e) => e.kind === 'clock_out');
      expect(clockOut).toMatchObject({
        status: 'sent',
        geofence: { verified: false, reason: 'No location from the device' },
      });
      expect(clockOut?.latitude).toBeUndefined();
      const onServer = await (await phone.request.get(`/api/provider/jobs/${job.id}`)).json();
      expect(onServer.afterPhotos).toHaveLength(1);
    } finally {
      await close();
    }
  });
}

test('a fix that comes after the deadline changes nothing: the punch went without it', async () => {
  const { context, page, close } = await openPhone();
  try {
    const job = await acceptNewJob(page, 'provider@example.com');
    await standAtJob(context, job);
    await page.goto(`/provider/jobs/${job.id}`);
    await clockInOnline(page, job.id);
    // Waiting on the permission prompt, say: the browser's own 10 s timeout never starts.
    await page.evaluate(() => {
      const geolocation = navigator.geolocation;
      const locate = geolocation.getCurrentPosition.bind(geolocation);
      geolocation.getCurrentPosition = (found, failed, options) => {
        setTimeout(() => locate(found, failed, options), 15_000);
      };
    });
    const tapped = Date.now();
    await page.getByRole('button', { name: 'Clock Out' }).click();
    await expect(
      page.getByText('The location was not found in time. Recorded as not verified.'),
    ).toBeVisible({ timeout: 15_000 });
    await expect(syncBadge(page)).toHaveAccessibleName('Sync status: Synced');
    expect((await serverEvents(job.id)).map((e) => e.type)).toEqual(['clock_in', 'clock_out']);

    // The fix arrives at 15 s; the punch stays as it was sent.
    await page.waitForTimeout(tapped + 16_000 - Date.now());
    const clockOut = (await localOutbox(page)).find((e) => e.kind === 'clock_out');
    expect(clockOut).toMatchObject({
      status: 'sent',
      locationProblem: 'The location was not found in time',
    });
    expect(clockOut?.latitude).toBeUndefined();
    expect(await serverEvents(job.id)).toHaveLength(2);
  } finally {
    await close();
  }
});

test('a job the server keeps failing shows as failing, holds back only its own entries, and lands once', async () => {
  // Without a service worker, so the test can stand between the page and the server.
  const { page, close } = await openPhone({ serviceWorkers: 'block' });
  try {
    const failing = await acceptNewJob(page, 'provider@example.com');
    const other = await acceptAnotherJob(page);
    let down = true;
    let refused = 0;
    await page.route(`**/api/provider/clock-in/${failing.id}`, (route) => {
      if (!down) return route.continue();
      refused += 1;
      return route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"message":"Database unavailable"}',
      });
    });
    let photosSent = 0;
    await page.route(`**/api/provider/bookings/${failing.id}/photos`, (route) => {
      photosSent += 1;
      return route.continue();
    });

    await page.goto(`/provider/jobs/${failing.id}`);
    await page.getByRole('button', { name: 'Clock In' }).click();
    await expect.poll(() => refused).toBe(1);
    await page
      .getByLabel('Add before photos')
      .setInputFiles({ name: 'hall.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByText('Waiting to upload')).toHaveCount(1);
    // Recorded after the failing one, on another job: it does not wait.
    await page.goto(`/provider/jobs/${other.id}`);
    await page.getByRole('button', { name: 'Clock In' }).click();
    await expect.poll(async () => (await serverEvents(other.id)).length).toBe(1);

    // Retried on its own (5 s, then 10 s later); the third 500 is shown plainly.
    await expect(syncBadge(page)).toHaveAccessibleName('Sync status: 1 failing', {
      timeout: 30_000,
    });
    expect(refused).toBe(3);
    expect(photosSent).toBe(0);
    await syncBadge(page).click();
    await expect(page.getByRole('dialog', { name: 'Sync status' })).toContainText(
      /Clock-in of .+ for .+: the server answered 500 “Database unavailable” 3 times; retrying… Last tried /,
    );
    await page.keyboard.press('Escape');

    // The server recovers: the next retry (20 s later) lands the clock-in once, then its photo.
    down = false;
    await expect(syncBadge(page)).toHaveAccessibleName('Sync status: Synced', { timeout: 30_000 });
    expect((await serverEvents(failing.id)).map((e) => [e.type, e.responseStatus])).toEqual([
      ['clock_in', 200],
    ]);
    expect((await serverEvents(other.id)).map((e) => e.type)).toEqual(['clock_in']);
    const onServer = await (await page.request.get(`/api/provider/jobs/${failing.id}`)).json();
    expect(onServer.beforePhotos).toHaveLength(1);
  } finally {
    await close();
  }
});

test('a punch the server answers 401 waits for sign-in and says so, then goes', async () => {
  const { page, close } = await openPhone({ serviceWorkers: 'block' });
  try {
    const job = await acceptNewJob(page, 'provider@example.com');
    await page.goto(`/provider/jobs/${job.id}`);
    // The session ended on the server (expired, or signed out on another device).
    const clockIn = `**/api/provider/clock-in/${job.id}`;
    await page.route(clockIn, (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: '{"message":"Sign in"}',
      }),
    );
    await page.getByRole('button', { name: 'Clock In' }).click();
    await expect(syncBadge(page)).toHaveAccessibleName('Sync status: 1 waiting for sign-in');
    await syncBadge(page).click();
    const status = page.getByRole('dialog', { name: 'Sync status' });
    await expect(status).toContainText('Signed out: nothing is sent until you sign in again');
    await expect(status.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      `/login?redirect=${encodeURIComponent(`/provider/jobs/${job.id}`)}`,
    );
    // Kept to send, not refused.
    expect((await localOutbox(page)).map((e) => e.status)).toEqual(['pending']);

    await page.unroute(clockIn);
    await status.getByRole('button', { name: 'Sync now' }).click();
    await expect(syncBadge(page)).toHaveAccessibleName('Sync status: Synced');
    expect((await serverEvents(job.id)).map((e) => e.type)).toEqual(['clock_in']);
  } finally {
    await close();
  }
});
