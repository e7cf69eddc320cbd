import { expect, test } from '@playwright/test';
import { toast } from './helpers';
import {
  acceptNewJob,
  cancelBehindTheirBack,
  controlledByWorker,
  localOutbox,
  openPhone,
  PNG,
  serverEvents,
  standAtJob,
  syncBadge,
} from './phone';

// Each phone is a real Chromium profile with the real service worker; these take a while.
test.describe.configure({ timeout: 90_000 });

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
    // Its toast first: one opening over the dialog would take the Escape that closes it.
    await expect(toast(page, 'Clocked In')).toBeVisible();
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
