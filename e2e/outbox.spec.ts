import { expect, test } from '@playwright/test';
import {
  acceptAnotherJob,
  acceptNewJob,
  clockInOnline,
  controlledByWorker,
  localOutbox,
  openPhone,
  PNG,
  serverEvents,
  standAtJob,
  syncBadge,
} from './phone';

// The outbox's own rules: location deadlines, a failing job, a signed-out phone. Each phone is a
// real Chromium profile with the real service worker; these take a while.
test.describe.configure({ timeout: 90_000 });

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
