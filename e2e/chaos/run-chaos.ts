import { type Page, request } from '@playwright/test';
import { DEMO_PASSWORD, seedId } from '../../api/db/seeds/demo-accounts';
import { zipCentroidGeocoder } from '../../api/src/adapters/geocoder';
import { createKnex } from '../../api/src/db/connection';
import { localOutbox } from '../phone';
import { appPlace, backstage } from './app-place';
import { openChaosPhone } from './chaos-phone';
import { startFaultProxy } from './fault-proxy';
import { seededRandom } from './seeded-random';
import { type PhoneEntry, readServerSide, type Tally, tally } from './tally';
import { farJobDate, workingDay } from './working-day';

export type ChaosOptions = {
  /** e2e/serve.ts's port: the app, its backstage on the next port. */
  appPort: number;
  seed: number;
  faults: number;
  /** The share of API requests that get a fault while the budget lasts. */
  rate: number;
  delayCapMs: number;
  offlineCapMs: number;
  /** The longest the day may be driven before the network heals anyway. */
  driveLimitMs: number;
  /** The longest the drain is waited for after the last fault. */
  drainLimitMs: number;
};

export type ChaosResult = Tally & {
  seed: number;
  faults: { budget: number; injected: number; byKind: Record<string, number> };
  delayCapMs: number;
  day: { jobsWorked: number; reloads: number; reopens: number };
  /** What the outbox still held when the network healed, and the longest backoff among it. */
  atHeal: ReturnType<typeof waitingAt> | null;
  /**
   * From the heal (the last fault over and the driver stopped) until the phone had sent
   * everything and the server held it; null if it never did within drainLimitMs.
   */
  drainMs: number | null;
  /** The same end, from the last fault's end: includes the driver finishing its last step. */
  sinceLastFaultMs: number | null;
  durationMs: number;
  /** Only when something stayed unsent: what the phone showed and held, to tell why. */
  stuckDetail?: Awaited<ReturnType<typeof stuckDetail>>;
};

/** Where the phone stood when the drain did not finish: its page, its worker, its entries. */
async function stuckDetail(page: Page, entries: PhoneEntry[]) {
  const shown = await page
    .evaluate(() => ({
      url: location.href,
      controlled: Boolean(navigator.serviceWorker?.controller),
      online: navigator.onLine,
      heading: document.querySelector('h1')?.textContent ?? null,
      status: document.querySelector('[role="status"]')?.textContent ?? null,
    }))
    .catch((error: unknown) => ({ unreadable: String(error) }));
  const waiting = unsent(entries).map((e) => {
    const { kind, status, attempts, lastError, serverErrors, retryAt } = e as PhoneEntry & {
      attempts?: number;
      lastError?: string;
      serverErrors?: unknown;
    };
    return { kind, status, attempts, lastError, serverErrors, retryAt };
  });
  return { page: shown, waiting };
}

/** The seeded provider's fixed slot on the jobs' weekday, set straight at the app (no faults). */
async function fixedSlot(appBase: string, email: string, jobDate: string) {
  const api = await request.newContext({ baseURL: appBase, extraHTTPHeaders: { Origin: appBase } });
  try {
    const login = await api.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
    if (!login.ok()) throw new Error(`Sign-in answered ${login.status()}`);
    const slot = await api.post('/api/provider/availability', {
      data: {
        dayOfWeek: new Date(`${jobDate}T12:00:00Z`).getUTCDay(),
        startTime: '06:00',
        endTime: '23:30',
      },
    });
    if (!slot.ok()) throw new Error(`The fixed slot answered ${slot.status()}`);
  } finally {
    await api.dispose();
  }
}

/** Entries still to send: neither sent nor refused for good. */
const unsent = (entries: PhoneEntry[]) =>
  entries.filter((e) => e.status !== 'sent' && e.status !== 'rejected');

function waitingAt(entries: PhoneEntry[], healedAt: number) {
  const waiting = unsent(entries);
  const retries = waiting.map((e) => (e.retryAt ? Date.parse(e.retryAt) - healedAt : 0));
  return {
    unsent: waiting.length,
    backingOff: retries.filter((ms) => ms > 0).length,
    longestBackoffMs: Math.max(0, ...retries),
  };
}

/**
 * The outbox chaos run: a seeded working day in the provider app behind the fault proxy, then
 * the network heals and the drain is timed, then the phone and the server are counted.
 */
export async function runChaos(options: ChaosOptions): Promise<ChaosResult> {
  const started = Date.now();
  const place = appPlace(options.appPort);
  const stage = backstage(options.appPort);
  const appBase = `http://127.0.0.1:${options.appPort}`;
  // The proxy's own stream: the driver's plan does not shift with how many requests it saw.
  const driverRandom = seededRandom(options.seed);
  const proxy = await startFaultProxy({
    target: options.appPort,
    random: seededRandom(options.seed + 1),
    budget: options.faults,
    rate: options.rate,
    delayCapMs: options.delayCapMs,
  });
  const knex = createKnex(place.databaseUrl);
  try {
    const email = await stage.newProvider();
    const jobDate = farJobDate(driverRandom);
    await fixedSlot(appBase, email, jobDate);
    // Every job is a copy of the seeded one (e2e/serve.ts): the phone stands at its point.
    const template = await knex('bookings')
      .where({ id: seedId(101) })
      .first();
    const point = await zipCentroidGeocoder().locate(template);
    if (!point) throw new Error('No centroid for the seeded job');
    const phone = await openChaosPhone(`http://127.0.0.1:${proxy.port}`, point);
    try {
      const day = await workingDay({
        phone,
        proxy,
        random: driverRandom,
        place: stage,
        email,
        jobDate,
        isTheirs: async (bookingId) =>
          Boolean(
            await knex('bookings')
              .where({ id: bookingId })
              .whereIn('providerId', knex('users').where({ email }).select('id'))
              .first('id'),
          ),
        offlineCapMs: options.offlineCapMs,
        // Long enough for the longest delay and the request behind it.
        patienceMs: options.delayCapMs + 15_000,
        deadline: started + options.driveLimitMs,
      });
      proxy.heal();
      await proxy.settled();
      // The network is whole from here: the driver has stopped and no faulted request is left.
      const healedAt = Date.now();
      const atHeal = await localOutbox(phone.page())
        .then((all) => waitingAt(all as PhoneEntry[], healedAt))
        .catch(() => null);
      let drainMs: number | null = null;
      let sinceLastFaultMs: number | null = null;
      let entries: PhoneEntry[] = [];
      for (;;) {
        entries = await localOutbox(phone.page()).catch(() => entries);
        const server = await readServerSide(knex, place.uploadsDir, email);
        const counted = tally(entries, server, day);
        const done =
          unsent(entries).length === 0 && counted.punches.lost === 0 && counted.photos.lost === 0;
        if (done) {
          drainMs = Date.now() - healedAt;
          sinceLastFaultMs = Date.now() - proxy.lastFaultEndedAt();
          break;
        }
        if (Date.now() - healedAt > options.drainLimitMs) break;
        await new Promise((r) => setTimeout(r, 250));
      }
      const counted = tally(entries, await readServerSide(knex, place.uploadsDir, email), day);
      const detail = drainMs === null ? await stuckDetail(phone.page(), entries) : undefined;
      return {
        seed: options.seed,
        faults: { budget: options.faults, injected: proxy.injected(), byKind: proxy.counts() },
        delayCapMs: options.delayCapMs,
        day: { jobsWorked: day.worked.length, reloads: day.reloads, reopens: day.reopens },
        ...counted,
        atHeal,
        drainMs,
        sinceLastFaultMs,
        durationMs: Date.now() - started,
        ...(detail && { stuckDetail: detail }),
      };
    } finally {
      await phone.close();
    }
  } finally {
    await proxy.close();
    await knex.destroy();
  }
}
