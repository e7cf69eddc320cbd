import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import pg from 'pg';
import { PORT } from '../playwright.config';
import { appPlace } from './chaos/app-place';
import {
  acceptNewJob,
  BASE_URL,
  clockInOnline,
  controlledByWorker,
  localOutbox,
  newProvider,
  openPhone,
  PNG,
  syncBadge,
} from './phone';

// Issue 32 in the provider app: "On My Way" and checklist ticks recorded offline go through the
// outbox with the punches' guarantees (once each, in order, across reloads), and a task's photo
// reaches the server with its task. Real Chromium profiles with the real service worker.
test.describe.configure({ timeout: 120_000 });

/** The browser tests' own database (e2e/serve.ts: one per port), read and set up directly. */
async function database<T>(use: (db: pg.Client) => Promise<T>): Promise<T> {
  // Embedded PostgreSQL unless DATABASE_URL names a server: wherever e2e/serve.ts put it.
  const db = new pg.Client({ connectionString: appPlace(PORT).databaseUrl });
  await db.connect();
  try {
    return await use(db);
  } finally {
    await db.end();
  }
}

/**
 * Gives the booking to a fresh client who chose texts and e-mail, so what they are told is theirs
 * alone; returns their number and e-mail.
 */
async function clientWithTexts(bookingId: string) {
  const email = `client-${randomUUID()}@example.com`;
  const phone = `+1612555${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
  await database(async (db) => {
    const { rows } = await db.query(
      `INSERT INTO users (email, first_name, last_name, role, phone, notify_by_email, notify_by_text, email_verified_at)
       VALUES ($1, 'Tess', 'Texted', 'client', $2, true, true, now()) RETURNING id`,
      [email, phone],
    );
    await db.query('UPDATE bookings SET client_id = $1, client_email = $2 WHERE id = $3', [
      rows[0].id,
      email,
      bookingId,
    ]);
  });
  return { email, phone };
}

/** The job page, online once so the app and the job (with its checklist) are on the phone. */
async function openJobOnline(page: Page, bookingId: string) {
  await page.goto(`/provider/jobs/${bookingId}`);
  await controlledByWorker(page);
  await expect(page.getByRole('heading', { name: 'Time Tracking' })).toBeVisible();
}

test('On My Way tapped offline survives a reload and, once online, tells the client once', async () => {
  const { context, page, close } = await openPhone();
  try {
    const job = await acceptNewJob(page, await newProvider());
    const client = await clientWithTexts(job.id);
    await openJobOnline(page, job.id);

    await context.setOffline(true);
    await page.getByRole('button', { name: 'On My Way' }).click();
    await expect(page.getByText(/^On my way · \d{1,2}:\d{2} [AP]M$/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'On My Way' })).toHaveCount(0);
    await expect(syncBadge(page)).toHaveAccessibleName('Sync status: 1 waiting');

    await page.reload();
    await expect(page.getByText(/^On my way · /)).toBeVisible();
    await expect(
      page.getByText('Saved on this phone; the client is told when it syncs.'),
    ).toBeVisible();
    await syncBadge(page).click();
    await expect(
      page.getByRole('list', { name: 'Updates waiting' }).getByRole('listitem'),
    ).toHaveText([/^On my way of .+ for /]);
    await page.keyboard.press('Escape');

    await context.setOffline(false);
    await expect(syncBadge(page)).toHaveAccessibleName('Sync status: Synced', { timeout: 30_000 });
    await expect(page.getByText(/^The client was told/)).toBeVisible();

    const [entry] = await localOutbox(page);
    expect(entry).toMatchObject({ kind: 'en_route', status: 'sent', latitude: 44.97 });
    const told = await database(async (db) => ({
      booking: (
        await db.query('SELECT en_route_at, en_route_eta_at FROM bookings WHERE id = $1', [job.id])
      ).rows[0],
      events: (
        await db.query('SELECT client_event_id, type FROM provider_events WHERE booking_id = $1', [
          job.id,
        ])
      ).rows,
      texts: (
        await db.query('SELECT body FROM outbound_texts WHERE to_number = $1 AND template = $2', [
          client.phone,
          'visit_en_route',
        ])
      ).rows,
      mails: (
        await db.query('SELECT id FROM outbound_emails WHERE to_address = $1 AND template = $2', [
          client.email,
          'visit_en_route',
        ])
      ).rows,
    }));
    expect(told.booking.en_route_at).not.toBeNull();
    expect(told.events).toEqual([{ client_event_id: entry?.id, type: 'en_route' }]);
    expect(told.texts).toHaveLength(1);
    expect(told.texts[0].body).toContain(job.id);
    expect(told.mails).toHaveLength(1);
    // The phone had a fix, so the client was given an estimate, and the phone shows the same one.
    expect(told.booking.en_route_eta_at).not.toBeNull();
    await expect(page.getByText(/^The client was told you arrive around/)).toBeVisible();

    // Tapped again on another phone (a new key): the client already knows, and hears nothing more.
    const again = await page.request.post(`/api/provider/on-my-way/${job.id}`, {
      headers: { Origin: BASE_URL, 'Idempotency-Key': randomUUID() },
      data: { occurredAt: new Date().toISOString() },
    });
    expect(again.status()).toBe(200);
    const texts = await database(
      async (db) =>
        (await db.query('SELECT id FROM outbound_texts WHERE to_number = $1', [client.phone])).rows,
    );
    expect(texts).toHaveLength(1);

    // The dashboard's next visit (it starts within the hour) says the same.
    await page.goto('/provider');
    const next = page.getByRole('region', { name: 'Next Visit' });
    await expect(next.getByText(/^On my way · /)).toBeVisible();
    await expect(next.getByRole('button', { name: 'On My Way' })).toHaveCount(0);
  } finally {
    await close();
  }
});

test('checklist ticks made offline through two reloads are applied once each, as last ticked', async () => {
  const { context, page, close } = await openPhone();
  try {
    const job = await acceptNewJob(page, await newProvider());
    await openJobOnline(page, job.id);
    const kitchen = page.getByRole('group', { name: 'Kitchen' });
    const task = (name: string) => kitchen.getByRole('checkbox', { name });
    await expect(task('Counters and backsplash wiped')).not.toBeChecked();
    const total = await page.getByRole('checkbox').count();

    await context.setOffline(true);
    await task('Counters and backsplash wiped').check();
    await task('Sink scrubbed and polished').check();
    await expect(page.getByText(`2 of ${total} done`)).toBeVisible();

    await page.reload();
    await expect(task('Counters and backsplash wiped')).toBeChecked();
    await expect(task('Sink scrubbed and polished')).toBeChecked();
    // Keyboard, as a screen reader user would: Space toggles the focused box.
    await task('Sink scrubbed and polished').focus();
    await page.keyboard.press('Space');
    await task('Stovetop degreased').check();

    await page.reload();
    await expect(task('Counters and backsplash wiped')).toBeChecked();
    await expect(task('Sink scrubbed and polished')).not.toBeChecked();
    await expect(task('Stovetop degreased')).toBeChecked();
    await expect(page.getByText(`2 of ${total} done`)).toBeVisible();
    await syncBadge(page).click();
    await expect(
      page.getByRole('list', { name: 'Updates waiting' }).getByRole('listitem'),
    ).toHaveText([
      /^Checklist: Counters and backsplash wiped \(done\) of /,
      /^Checklist: Sink scrubbed and polished \(done\) of /,
      /^Checklist: Sink scrubbed and polished \(not done\) of /,
      /^Checklist: Stovetop degreased \(done\) of /,
    ]);
    await page.keyboard.press('Escape');

    await context.setOffline(false);
    await expect(syncBadge(page)).toHaveAccessibleName('Sync status: Synced', { timeout: 30_000 });
    const ids = (await localOutbox(page)).map((e) => e.id);
    const ticks = await database(
      async (db) =>
        (
          await db.query(
            'SELECT client_event_id, item_key, done FROM checklist_ticks WHERE booking_id = $1 ORDER BY id',
            [job.id],
          )
        ).rows,
    );
    expect(ticks).toEqual([
      { client_event_id: ids[0], item_key: 'kitchen:0', done: true },
      { client_event_id: ids[1], item_key: 'kitchen:1', done: true },
      { client_event_id: ids[2], item_key: 'kitchen:1', done: false },
      { client_event_id: ids[3], item_key: 'kitchen:2', done: true },
    ]);
    const onServer = await (await page.request.get(`/api/provider/jobs/${job.id}`)).json();
    const items = onServer.checklist.sections.find(
      (s: { key: string }) => s.key === 'kitchen',
    ).items;
    expect(items.slice(0, 3).map((i: { done: boolean }) => i.done)).toEqual([true, false, true]);
    expect(onServer.checklist.done).toBe(2);

    await page.reload();
    await expect(task('Sink scrubbed and polished')).not.toBeChecked();
    await expect(page.getByText(`2 of ${total} done`)).toBeVisible();
  } finally {
    await close();
  }
});

test('a photo taken for a task reaches the server with its task', async () => {
  const { context, page, close } = await openPhone();
  try {
    const job = await acceptNewJob(page, await newProvider());
    await openJobOnline(page, job.id);
    await clockInOnline(page, job.id);
    await context.setOffline(true);
    await page
      .getByLabel('Add photo for Sink scrubbed and polished')
      .setInputFiles({ name: 'sink.png', mimeType: 'image/png', buffer: PNG });
    await expect(
      page.getByRole('list', { name: 'Photos for Sink scrubbed and polished' }),
    ).toBeVisible();
    // Stored as a 'before' photo, it is the task's, not one of the visit's Before Photos.
    const beforePhotos = page.getByRole('region', { name: 'Before Photos' });
    await expect(beforePhotos.getByText('No photos yet.')).toBeVisible();
    await context.setOffline(false);
    await expect(syncBadge(page)).toHaveAccessibleName('Sync status: Synced', { timeout: 30_000 });
    await page.reload();
    await expect(
      page.getByRole('list', { name: 'Photos for Sink scrubbed and polished' }).getByRole('img'),
    ).toHaveCount(1);
    await expect(beforePhotos.getByText('No photos yet.')).toBeVisible();
    const photos = await database(
      async (db) =>
        (
          await db.query(
            'SELECT photo_type, checklist_item_key FROM photos WHERE booking_id = $1',
            [job.id],
          )
        ).rows,
    );
    expect(photos).toEqual([{ photo_type: 'before', checklist_item_key: 'kitchen:1' }]);
    const onServer = await (await page.request.get(`/api/provider/jobs/${job.id}`)).json();
    const sink = onServer.checklist.sections
      .find((s: { key: string }) => s.key === 'kitchen')
      .items.find((i: { key: string }) => i.key === 'kitchen:1');
    expect(sink.photoIds).toHaveLength(1);
  } finally {
    await close();
  }
});
