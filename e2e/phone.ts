import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, expect, type Page } from '@playwright/test';
import { providerJobSchema } from '@twinclean/shared/provider-jobs';
import { addDays, chicagoDate } from '@twinclean/shared/schedule';
import { zipCentroidGeocoder } from '../api/src/adapters/geocoder';
import { PORT } from '../playwright.config';
import { browser } from '../scripts/browser';
import { signIn } from './helpers';
import { keepOfflineAcrossLoads } from './keep-offline';

export const BASE_URL = `http://127.0.0.1:${PORT}`;
const BACKSTAGE = `http://127.0.0.1:${PORT + 1}`;

export { PNG } from '../api/src/test/fixtures';

export type Phone = { context: BrowserContext; page: Page; close: () => Promise<void> };

/**
 * A phone with its own profile on disk, as an installed app has: service workers, IndexedDB
 * and installability checks all behave as on a device (an incognito context reports
 * "in-incognito" and is never installable).
 */
export async function openPhone(
  options: { serviceWorkers?: 'allow' | 'block' } = {},
): Promise<Phone> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'twinclean-phone-'));
  const { executablePath, args } = browser();
  const context = await chromium.launchPersistentContext(dir, {
    executablePath,
    args,
    baseURL: BASE_URL,
    viewport: { width: 375, height: 800 },
    permissions: ['geolocation'],
    geolocation: { latitude: 44.97, longitude: -93.26 },
    serviceWorkers: options.serviceWorkers ?? 'allow',
  });
  keepOfflineAcrossLoads(context);
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    close: async () => {
      await context.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Signs the provider in and gives them a fresh job of their own; returns the job. */
export async function acceptNewJob(page: Page, email: string) {
  await signIn(page, email);
  await expect(page).toHaveURL(/\/provider$/);
  return acceptAnotherJob(page);
}

/** Gives the signed-in provider one more fresh job of their own; returns the job. */
export async function acceptAnotherJob(page: Page) {
  const { id } = (await (await fetch(`${BACKSTAGE}/open-job`, { method: 'POST' })).json()) as {
    id: string;
  };
  const accepted = await page.request.post(`/api/provider/job-board/${id}/accept`, {
    headers: { Origin: BASE_URL },
  });
  expect(accepted.status()).toBe(200);
  return providerJobSchema.parse(await (await page.request.get(`/api/provider/jobs/${id}`)).json());
}

/** Stands the phone at the job's point, as the server geocoded it (its ZIP centroid). */
export async function standAtJob(
  context: BrowserContext,
  job: { address: string; city: string; state: string; zipCode: string },
) {
  const point = await zipCentroidGeocoder().locate(job);
  if (!point) throw new Error(`No centroid for ${job.zipCode}`);
  await context.setGeolocation({ latitude: point.latitude, longitude: point.longitude });
}

/** Waits until the page is controlled by the provider app's service worker. */
export async function controlledByWorker(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))))
    await page.reload();
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)))
    .toBe(true);
}

export type ServerEvent = {
  clientEventId: string;
  type: 'clock_in' | 'clock_out';
  occurredAt: string;
  deviceSeq: number | null;
  offline: boolean;
  responseStatus: number;
  /** When the server's transaction that applied (or refused) it began. */
  receivedAt: string;
};

/** The punches the server applied (or refused) for a booking, oldest first. */
export async function serverEvents(bookingId: string): Promise<ServerEvent[]> {
  return (await (await fetch(`${BACKSTAGE}/events?booking=${bookingId}`)).json()) as ServerEvent[];
}

/** The photos the server stored for a booking, oldest first, with when each was stored. */
export async function serverPhotos(
  bookingId: string,
): Promise<{ photoType: string; createdAt: string }[]> {
  return (await (await fetch(`${BACKSTAGE}/photos?booking=${bookingId}`)).json()) as {
    photoType: string;
    createdAt: string;
  }[];
}

/** A fresh open carpet job (3 bedrooms, 1 living room, 1 staircase) starting within the hour. */
/** A fresh open house job on the next `dayOfWeek` (0 Sunday … 6 Saturday) at `time`, Chicago. */
export async function openHouseJobOn(dayOfWeek: number, time: string): Promise<string> {
  let date = addDays(chicagoDate(new Date()), 1);
  while (new Date(`${date}T12:00:00Z`).getUTCDay() !== dayOfWeek) date = addDays(date, 1);
  const res = await fetch(`${BACKSTAGE}/open-job?date=${date}&time=${time}`, { method: 'POST' });
  return ((await res.json()) as { id: string }).id;
}

export async function openCarpetJob(): Promise<string> {
  const res = await fetch(`${BACKSTAGE}/open-job?service=carpet`, { method: 'POST' });
  return ((await res.json()) as { id: string }).id;
}

/** A new provider with no availability, so every open job is on their board; their e-mail. */
export async function newProvider(): Promise<string> {
  const res = await fetch(`${BACKSTAGE}/provider`, { method: 'POST' });
  return ((await res.json()) as { email: string }).email;
}

export async function cancelBehindTheirBack(bookingId: string): Promise<void> {
  await fetch(`${BACKSTAGE}/cancel?booking=${bookingId}`, { method: 'POST' });
}

export type LocalEntry = {
  seq: number;
  id: string;
  kind: string;
  bookingId: string;
  occurredAt: string;
  status: string;
  sentAt?: string;
  latitude?: number;
  locationProblem?: string;
  geofence?: { verified: boolean; reason: string | null };
};

/** The phone's outbox as stored in IndexedDB, oldest first. */
export function localOutbox(page: Page): Promise<LocalEntry[]> {
  return page.evaluate(
    () =>
      new Promise<LocalEntry[]>((resolve, reject) => {
        const open = indexedDB.open('twinclean-outbox');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const read = open.result.transaction('entries').objectStore('entries').getAll();
          read.onsuccess = () => {
            resolve(read.result as LocalEntry[]);
            open.result.close();
          };
        };
      }),
  );
}

/**
 * Hands a push to the phone's service worker as its push service would (CDP
 * ServiceWorker.deliverPushMessage), and reads the notifications it shows.
 */
export async function serviceWorkerPush(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  const registrations = new Map<string, string>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: list }) => {
    for (const r of list) registrations.set(r.scopeURL, r.registrationId);
  });
  await cdp.send('ServiceWorker.enable');
  await controlledByWorker(page);
  await expect.poll(() => registrations.size).toBeGreaterThan(0);
  const [scopeURL, registrationId] = [...registrations][0] ?? ['', ''];
  return {
    deliver: async (payload: unknown): Promise<void> => {
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin: new URL(scopeURL).origin,
        registrationId,
        data: JSON.stringify(payload),
      });
    },
    shown: () =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return (await registration.getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
        }));
      }),
  };
}

/** The header's sync badge. */
export const syncBadge = (page: Page) => page.getByRole('button', { name: /^Sync status: / });

/**
 * Clocks in online and waits for the job as the server now has it: saved on the phone (a refresh
 * cut off by going offline would leave only the older copy, which is not kept).
 */
export async function clockInOnline(page: Page, bookingId: string) {
  const refreshed = page.waitForResponse(
    async (res) =>
      res.url().endsWith(`/api/provider/jobs/${bookingId}`) &&
      Boolean((await res.json().catch(() => null))?.providerClockInTime),
  );
  await page.getByRole('button', { name: 'Clock In' }).click();
  await refreshed;
  expect(await serverEvents(bookingId)).toHaveLength(1);
}
