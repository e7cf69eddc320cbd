// Offline sync and photo compression, measured in the real provider app in Chromium:
// 200 punches and 20 photos queued offline, then the time from reconnect until the server has
// confirmed them all (and whether any was lost or applied twice); and the compression of a
// 12-megapixel JPEG with the app's own settings.
import { readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { PHOTO_COMPRESSION } from '@twinclean/shared/photos';
import { demoAccounts } from '../api/db/seeds/demo-accounts';
import { seedDemoData } from '../api/db/seeds/seed';
import { repoRoot } from '../api/src/config';
import { createKnex } from '../api/src/db/connection';
import { signIn } from '../e2e/helpers';
import { browser } from '../scripts/browser';
import { benchDatabase, saveResult, startServerProcess, stopServerProcess } from './harness';

const JOBS = 100; // a clock-in and a clock-out each: 200 punches
const PHOTOS = 20;
const PORT = 3206;
const BASE = `http://127.0.0.1:${PORT}`;

/**
 * JOBS copies of a seeded job, assigned to the demo provider five hours ago for a slot four
 * hours ago, so the queued punches (from four hours back, the last clock-out under an hour ago) fall
 * inside each job's punch window and keep their device times (README "Punch rules").
 */
async function assignedJobs(knex: ReturnType<typeof createKnex>): Promise<string[]> {
  const template = '00000000-0000-4000-8000-000000000101';
  const { rows } = await knex.raw(
    `INSERT INTO bookings (service_type, client_first_name, client_last_name, client_email, client_phone,
       address, city, state, zip_code, latitude, longitude, geocode_precision, scheduled_date, scheduled_time,
       scheduled_at, subscription_type, base_hours, total_hours, hourly_rate_cents, base_amount_cents,
       total_amount_cents, deposit_amount_cents, price_is_final, green_cleaning, provider_id, assigned_at)
     SELECT service_type, client_first_name, client_last_name, client_email, client_phone, address, city,
       state, zip_code, latitude, longitude, geocode_precision,
       ((now() - interval '4 hours') AT TIME ZONE 'America/Chicago')::date,
       to_char((now() - interval '4 hours') AT TIME ZONE 'America/Chicago', 'HH24:MI'),
       date_trunc('minute', now() - interval '4 hours'),
       subscription_type, base_hours, total_hours, hourly_rate_cents, base_amount_cents, total_amount_cents,
       deposit_amount_cents, price_is_final, green_cleaning, ?, now() - interval '5 hours'
     FROM bookings, generate_series(1, ?) WHERE id = ?
     RETURNING id`,
    [demoAccounts.provider.id, JOBS, template],
  );
  return (rows as { id: string }[]).map((r) => r.id);
}

/** Writes the queue straight into the app's IndexedDB outbox, as the app would while offline. */
async function queueOffline(page: Page, providerId: string, jobs: string[]): Promise<void> {
  await page.evaluate(
    async ({ providerId, jobs, photos }) => {
      // A ~400 KB JPEG, the size the app's compression produces.
      const canvas = new OffscreenCanvas(1280, 960);
      const ctx = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D;
      const image = ctx.createImageData(1280, 960);
      for (let i = 0; i < image.data.length; i++) image.data[i] = (i * 2654435761) % 251;
      ctx.putImageData(image, 0, 0);
      const bytes = await (
        await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.7 })
      ).arrayBuffer();
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('twinclean-outbox');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const tx = db.transaction(['entries', 'photoBytes'], 'readwrite');
      const base = Date.now() - 4 * 3_600_000;
      const entry = (kind: string, bookingId: string, minutes: number) => ({
        id: crypto.randomUUID(),
        providerId,
        kind,
        bookingId,
        occurredAt: new Date(base + minutes * 60_000).toISOString(),
        status: 'pending',
        offline: true,
        attempts: 0,
      });
      jobs.forEach((bookingId, i) => {
        tx.objectStore('entries').add(entry('clock_in', bookingId, i));
        if (i < photos) {
          const photo = {
            ...entry('photo', bookingId, i),
            photoType: 'before',
            fileName: `p${i}.jpg`,
          };
          tx.objectStore('entries').add(photo);
          tx.objectStore('photoBytes').add({ id: photo.id, bytes, mimeType: 'image/jpeg' });
        }
        tx.objectStore('entries').add(entry('clock_out', bookingId, i + 90));
      });
      await new Promise((resolve, reject) => {
        tx.oncomplete = resolve;
        tx.onerror = () => reject(tx.error);
      });
      db.close();
    },
    { providerId, jobs, photos: PHOTOS },
  );
}

const unsent = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('twinclean-outbox');
        open.onsuccess = () => {
          const all = open.result.transaction('entries').objectStore('entries').getAll();
          all.onsuccess = () => {
            resolve((all.result as { status: string }[]).filter((e) => e.status !== 'sent').length);
            open.result.close();
          };
        };
      }),
  );

/** Compresses a generated 12-megapixel JPEG three times with the app's settings. */
async function compression(page: Page) {
  const lib = readdirSync(path.join(repoRoot, 'pwa/dist/assets')).find((f) =>
    f.startsWith('browser-image-compression-'),
  );
  await page.addScriptTag({ url: `/provider/assets/${lib}` });
  return page.evaluate(
    async ({ options, libURL }) => {
      const canvas = document.createElement('canvas');
      canvas.width = 4000;
      canvas.height = 3000;
      const ctx = canvas.getContext('2d') as CanvasRenderingContext2D;
      // A photo-like picture: smooth colour with sensor-like grain, which is what makes a
      // phone's 12 MP JPEG weigh several megabytes.
      const image = ctx.createImageData(4000, 3000);
      let seed = 1;
      for (let y = 0; y < 3000; y++) {
        for (let x = 0; x < 4000; x++) {
          seed = (seed * 1103515245 + 12345) & 0x7fffffff;
          const grain = (seed % 48) - 24;
          const i = (y * 4000 + x) * 4;
          image.data[i] = 90 + (x >> 5) + grain;
          image.data[i + 1] = 120 + (y >> 5) + grain;
          image.data[i + 2] = 160 - (x >> 6) + grain;
          image.data[i + 3] = 255;
        }
      }
      ctx.putImageData(image, 0, 0);
      const blob = await new Promise<Blob>((resolve) =>
        canvas.toBlob((b) => resolve(b as Blob), 'image/jpeg', 0.92),
      );
      const file = new File([blob], 'photo.jpg', { type: 'image/jpeg' });
      const compress = (
        window as unknown as { imageCompression: (f: File, o: unknown) => Promise<File> }
      ).imageCompression;
      const runs = [];
      for (let i = 0; i < 3; i++) {
        const started = performance.now();
        const out = await compress(file, { ...options, libURL });
        runs.push({ ms: Math.round(performance.now() - started), bytes: out.size });
      }
      return { inputBytes: file.size, runs };
    },
    { options: PHOTO_COMPRESSION, libURL: `${BASE}/provider/assets/${lib}` },
  );
}

export async function offlineScenario(): Promise<void> {
  const db = await benchDatabase('twinclean_bench_offline');
  const knex = createKnex(db.url);
  let profile: string | undefined;
  let app: Awaited<ReturnType<typeof startServerProcess>> | undefined;
  try {
    // The schema first: the app reads its keys from it as it starts.
    await knex.migrate.latest();
    await seedDemoData(knex);
    const jobs = await assignedJobs(knex);
    profile = await mkdtemp(path.join(os.tmpdir(), 'twinclean-bench-phone-'));
    app = await startServerProcess('bench/servers/api.ts', {
      DATABASE_URL: db.url,
      PORT: String(PORT),
    });
    const { executablePath, args } = browser();
    const context = await chromium.launchPersistentContext(profile, {
      executablePath,
      args,
      baseURL: BASE,
    });
    try {
      // tsx names inner functions with a helper the browser side of page.evaluate lacks.
      await context.addInitScript('globalThis.__name = (fn) => fn');
      const page = context.pages()[0] ?? (await context.newPage());
      await signIn(page, demoAccounts.provider.email);
      await page.waitForURL(/\/provider$/);
      await page.getByRole('button', { name: /^Sync status/ }).waitFor();
      await context.setOffline(true);
      await queueOffline(page, demoAccounts.provider.id, jobs);
      const queued = await unsent(page);

      const started = performance.now();
      await context.setOffline(false);
      while ((await unsent(page)) > 0) {
        if (performance.now() - started > 120_000)
          throw new Error('The outbox did not drain in 2 minutes');
        await page.waitForTimeout(25);
      }
      const drainMs = Math.round(performance.now() - started);

      // Each job's clock-in and clock-out applied once: a punch applied twice must not hide a lost one.
      const events = await knex('providerEvents')
        .whereIn('bookingId', jobs)
        .where('responseStatus', 200)
        .select('bookingId', 'type')
        .count({ n: '*' })
        .groupBy('bookingId', 'type');
      const applied = events.length;
      const doubled = events.filter((e) => Number(e.n) > 1).length;
      // Punches whose device time was not believed (README "Punch rules"): none should be.
      const [suspicious] = await knex('providerEvents')
        .whereIn('bookingId', jobs)
        .where({ suspicious: true })
        .count({ n: '*' });
      const flagged = Number(suspicious?.n ?? 0);
      const [stored] = await knex('photos').whereIn('bookingId', jobs).count({ photos: '*' });
      const photos = Number(stored?.photos ?? 0);
      const compressed = await compression(page);

      const result = {
        queued,
        drainMs,
        punchesApplied: applied,
        photosStored: photos,
        lost: 2 * JOBS + PHOTOS - applied - photos,
        doubled,
        flagged,
        compression: compressed,
      };
      console.log(
        `\noffline: ${2 * JOBS} punches and ${PHOTOS} photos queued offline, then reconnect`,
      );
      console.table([
        {
          queued,
          'drain ms': drainMs,
          'punches applied': applied,
          'photos stored': result.photosStored,
          lost: result.lost,
          doubled,
          flagged,
        },
      ]);
      console.log(
        `12 MP JPEG (${(compressed.inputBytes / 1e6).toFixed(1)} MB) compressed: ${compressed.runs
          .map((r) => `${r.ms} ms → ${Math.round(r.bytes / 1024)} KB`)
          .join(', ')}`,
      );
      console.log(`saved ${await saveResult('offline', result)}`);
    } finally {
      await context.close();
    }
  } finally {
    if (app) await stopServerProcess(app);
    await knex.destroy();
    await db.close();
    if (profile) await rm(profile, { recursive: true, force: true });
  }
}
