import type { Locator, Page } from '@playwright/test';
import { addDays, chicagoDate } from '@twinclean/shared/schedule';
import { PNG } from '../../api/src/test/fixtures';
import { signIn } from '../helpers';
import type { backstage } from './app-place';
import type { ChaosPhone } from './chaos-phone';
import type { FaultProxy } from './fault-proxy';
import type { Random } from './seeded-random';

/** What the app told the provider of an accept or an availability change. */
export type Reported = 'saved' | 'failed' | 'no answer';

export type DayLog = {
  /** Job ids the provider tried to accept, with what the app said each time. */
  accepts: { bookingId: string; reported: Reported }[];
  /** New availability slots (each day and hour used once), with what the app said. */
  slots: { dayOfWeek: number; startTime: string; endTime: string; reported: Reported }[];
  /** Jobs the provider clocked in and out of. */
  worked: string[];
  photosChosen: number;
  reloads: number;
  reopens: number;
};

export type DayOptions = {
  phone: ChaosPhone;
  proxy: FaultProxy;
  random: Random;
  place: ReturnType<typeof backstage>;
  email: string;
  /** The jobs' date (the provider's one fixed slot covers its weekday). */
  jobDate: string;
  /** Whether a job is now the provider's on the server (what their job list would show). */
  isTheirs: (bookingId: string) => Promise<boolean>;
  /** The longest offline spell, ms. */
  offlineCapMs: number;
  /** How long the provider waits for the app to say whether a change was saved, ms. */
  patienceMs: number;
  /** Stop driving at this time (epoch ms) even if faults remain. */
  deadline: number;
};

const HOURS = Array.from({ length: 23 }, (_, h) => h);
const hhmm = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/**
 * The jobs' date: a Sunday far enough ahead that no other test's jobs fall on it. Their
 * mornings are on no seeded provider's board (e2e/serve.ts shares one server among the specs).
 */
export function farJobDate(random: Random): string {
  let date = addDays(chicagoDate(new Date()), random.int(30, 90));
  while (new Date(`${date}T12:00:00Z`).getUTCDay() !== 0) date = addDays(date, 1);
  return date;
}

const FIRST_MINUTE = 6 * 60;
const MINUTES = 5 * 60;

/** Which of two outcomes a page shows first, or neither within the time. */
async function firstShown(saved: Locator, failed: Locator, waitMs: number): Promise<Reported> {
  const seen = (locator: Locator, as: Reported) =>
    locator
      .first()
      .waitFor({ timeout: waitMs })
      .then(() => as);
  return Promise.any([seen(saved, 'saved'), seen(failed, 'failed')]).catch(() => 'no answer');
}

const notice = (page: Page, text: string) =>
  page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });

/**
 * A provider's working day in the real provider app while the proxy breaks the network: jobs
 * accepted from the board, clocked in and out with before and after photos, availability added,
 * the page reloaded or closed and opened again at random, spells offline; until the proxy's
 * fault budget is spent (or the deadline). Every step tolerates what the faults do to it, as a
 * provider would: look again, tap again.
 */
export async function workingDay(options: DayOptions): Promise<DayLog> {
  const { phone, proxy, random, place } = options;
  const log: DayLog = {
    accepts: [],
    slots: [],
    worked: [],
    photosChosen: 0,
    reloads: 0,
    reopens: 0,
  };
  const slotPool = HOURS.flatMap((hour) =>
    [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ dayOfWeek, hour })),
  ).filter((s) => s.dayOfWeek !== new Date(`${options.jobDate}T12:00:00Z`).getUTCDay());
  const usedMinutes = new Set<number>();
  let offlineSpell: Promise<void> = Promise.resolve();
  let offline = false;
  const page = () => phone.page();
  const over = () => proxy.healed() || Date.now() > options.deadline;

  const goOffline = () => {
    if (offline || !proxy.claim('offline')) return;
    const spell = random.int(0, options.offlineCapMs);
    offline = true;
    offlineSpell = (async () => {
      await phone.context.setOffline(true);
      await new Promise((r) => setTimeout(r, spell));
      await phone.context.setOffline(false);
      offline = false;
      proxy.faultEnded();
    })().catch(() => {
      // The phone closed mid-spell: the day is over, and so is the spell.
    });
  };
  /** A random disturbance between taps: a reload, a reopen, an offline spell, or none. */
  const disturb = async (url: string) => {
    const roll = random.next();
    if (roll < 0.12) {
      log.reloads += 1;
      await page()
        .reload()
        .catch(() => {});
    } else if (roll < 0.2) {
      log.reopens += 1;
      await phone.reopen(url);
    } else if (roll < 0.7) {
      goOffline();
    }
  };
  const visit = (url: string) =>
    page()
      .goto(url)
      .catch(() => {});
  /** Looks for a control, loading the page again while the faults keep it from showing. */
  const find = async (url: string, locate: (p: Page) => Locator): Promise<Locator | null> => {
    for (let attempt = 0; attempt < 4 && !over(); attempt++) {
      const target = locate(page());
      if (
        await target
          .waitFor({ timeout: 8_000 })
          .then(() => true)
          .catch(() => false)
      )
        return target;
      await visit(url);
    }
    return null;
  };

  const acceptJob = async (bookingId: string, time: string, date: string) => {
    const [h = 0, m = 0] = time.split(':').map(Number);
    const shown = `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${h >= 12 ? 'PM' : 'AM'}`;
    const day = new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
      timeZone: 'UTC',
      month: 'short',
      day: 'numeric',
      year: 'numeric',
    });
    for (let attempt = 0; attempt < 3 && !(await options.isTheirs(bookingId)); attempt++) {
      await visit('/provider/job-board');
      const card = await find('/provider/job-board', (p) =>
        p
          .getByRole('article')
          .filter({ hasText: day })
          .filter({ hasText: shown })
          .getByRole('button', { name: 'Accept Job' }),
      );
      if (!card) continue;
      const reported = card
        .click({ timeout: 10_000 })
        .then(() =>
          firstShown(
            notice(page(), 'Job Accepted!'),
            notice(page(), 'Failed to Accept Job'),
            options.patienceMs,
          ),
        )
        .catch((): Reported => 'no answer');
      log.accepts.push({ bookingId, reported: await reported });
    }
    return options.isTheirs(bookingId);
  };

  const addSlot = async () => {
    const slot = slotPool.splice(random.int(0, slotPool.length - 1), 1)[0];
    if (!slot) return;
    await visit('/provider/availability');
    const add = await find('/provider/availability', (p) =>
      p.getByRole('button', { name: 'Add Time Slot' }),
    );
    if (!add) return;
    const entry = {
      dayOfWeek: slot.dayOfWeek,
      startTime: hhmm(slot.hour),
      endTime: hhmm(slot.hour + 1),
      reported: 'no answer' as Reported,
    };
    try {
      await add.click({ timeout: 10_000 });
      const dialog = page().getByRole('dialog', { name: 'Add Availability Slot' });
      await dialog.getByLabel('Day').selectOption(String(entry.dayOfWeek), { timeout: 10_000 });
      await dialog.getByLabel('Start time').selectOption(entry.startTime);
      await dialog.getByLabel('End time').selectOption(entry.endTime);
      await dialog.getByRole('button', { name: 'Add Slot' }).click();
      log.slots.push(entry);
      entry.reported = await firstShown(
        notice(page(), 'Success'),
        dialog.getByRole('alert').filter({ hasText: 'Error' }),
        options.patienceMs,
      );
    } catch {
      // The dialog never opened or was gone before the tap: nothing was asked of the server.
    }
  };

  const choosePhoto = async (url: string, kind: 'before' | 'after') => {
    const input = await find(url, (p) => p.getByLabel(`Add ${kind} photos`));
    if (!input) return;
    const chosen = await input
      .setInputFiles(
        { name: `${kind}.png`, mimeType: 'image/png', buffer: PNG },
        { timeout: 10_000 },
      )
      .then(() => true)
      .catch(() => false);
    if (chosen) log.photosChosen += 1;
    // Long enough, most times, for the app to store it before whatever comes next.
    await page().waitForTimeout(random.int(0, 800));
  };

  /** Three to five photos, each one followed by whatever happens next. */
  const photos = (url: string, kind: 'before' | 'after') =>
    Array.from({ length: random.int(3, 5) }, () => [
      () => choosePhoto(url, kind),
      () => disturb(url),
    ]).flat();

  const punch = async (url: string, button: 'Clock In' | 'Clock Out') => {
    const control = await find(url, (p) => p.getByRole('button', { name: button, exact: true }));
    if (!control) return false;
    return control
      .click({ timeout: 10_000 })
      .then(() => true)
      .catch(() => false);
  };

  await signIn(page(), options.email);
  await page()
    .waitForURL(/\/provider$/, { timeout: 30_000 })
    .catch(() => {});
  /** One job, step by step; a step that cannot go on ends it, and so does the last fault. */
  const workJob = async () => {
    // A start time of its own (06:00 to 10:59), so its card is told from the others'.
    let minute = random.int(FIRST_MINUTE, FIRST_MINUTE + MINUTES - 1);
    while (usedMinutes.has(minute)) minute = FIRST_MINUTE + ((minute - FIRST_MINUTE + 1) % MINUTES);
    usedMinutes.add(minute);
    const time = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
    const bookingId = await place.openJob(options.jobDate, time);
    // Accepting asks the server (first come wins), so it waits for the connection.
    await offlineSpell;
    const theirs = await acceptJob(bookingId, time, options.jobDate);
    if (random.chance(0.5) && !over()) await addSlot();
    if (!theirs || over()) return;
    await place.startSoon(bookingId);
    const url = `/provider/jobs/${bookingId}`;
    const steps = [
      () => visit(url),
      () => punch(url, 'Clock In'),
      () => disturb(url),
      ...photos(url, 'before'),
      async () => (await punch(url, 'Clock Out')) && log.worked.push(bookingId),
      () => disturb(url),
      ...photos(url, 'after'),
    ];
    for (const step of steps) {
      if ((await step()) === false || over()) return;
    }
  };
  // Every start time used: the day is full.
  while (!over() && usedMinutes.size < MINUTES) await workJob();
  await offlineSpell;
  await phone.context.setOffline(false);
  return log;
}
