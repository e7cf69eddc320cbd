import type { LocatedEntry } from './entry';
import { finderLock, locateByFor } from './finder';
import { currentLocation, type LocationResult } from './location';
import { settleLocating } from './storage';

const NOT_FOUND_IN_TIME = 'The location was not found in time';

// Punches recorded before `locateBy` existed count their window from the tap.
const deadlineOf = (entry: LocatedEntry) =>
  new Date(entry.locateBy ?? locateByFor(entry.occurredAt)).getTime();

/**
 * The one change a punch's location gets: the fix, or why there is none, and 'pending'. Only
 * while still 'locating', in one transaction, so whoever comes second (the page's late fix, the
 * drain at the deadline) changes nothing: the punch may be sent already, and every resend must
 * carry the same body, as the server keeps the first body under its Idempotency-Key.
 */
function settleLocation(seq: number, result: LocationResult): Promise<void> {
  return settleLocating(
    seq,
    result.fix
      ? { ...result.fix, status: 'pending' }
      : { locationProblem: result.problem, status: 'pending' },
  );
}

/** The fix, or at the deadline, no fix. */
async function locateBefore(deadline: number): Promise<LocationResult> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<LocationResult>((resolve) => {
    timer = setTimeout(
      () => resolve({ fix: null, problem: NOT_FOUND_IN_TIME }),
      deadline - Date.now(),
    );
  });
  try {
    return await Promise.race([currentLocation(), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Stores a 'locating' punch (`store` returns its seq), then looks for its fix until its deadline.
 * The caller holds the punch's finder lock (finder.ts asFinder) from the tap.
 */
export async function storeAndLocate(
  entry: LocatedEntry,
  store: () => Promise<number>,
): Promise<number> {
  const seq = await store();
  await settleLocation(seq, await locateBefore(deadlineOf(entry)));
  return seq;
}

/** Whether the page that looked for this punch's fix is gone (unknowable without Web Locks). */
async function finderGone(entry: LocatedEntry): Promise<boolean> {
  // Pages from before `locateBy` held no lock: only their deadline tells.
  if (!entry.locateBy || !navigator.locks) return false;
  const { held = [] } = await navigator.locks.query();
  return !held.some((lock) => lock.name === finderLock(entry.id));
}

const finderWatches = new Map<string, Promise<void>>();

/**
 * Settles when the page finding this punch's fix lets go of its lock: done, or gone. A page
 * being reloaded still holds it for a moment while the new page first looks.
 */
function finderDone(entry: LocatedEntry): Promise<void> | undefined {
  if (!entry.locateBy || !navigator.locks) return undefined;
  let watch = finderWatches.get(entry.id);
  if (!watch) {
    watch = navigator.locks
      .request(finderLock(entry.id), () => {})
      .then(() => void finderWatches.delete(entry.id));
    finderWatches.set(entry.id, watch);
  }
  return watch;
}

/**
 * Looks for a punch's fix on this page until its deadline, in place of a page that is gone: a
 * reload a moment after the tap must not cost the punch its location (issue 29), and the phone
 * is as much at the job from here. Holding the finder lock, so other tabs wait on this page as
 * on the tapping one; if another tab took it first, that tab looks. One look per punch per page.
 */
const finds = new Map<string, Promise<void>>();

function findHere(entry: LocatedEntry & { seq: number }): Promise<void> {
  const looking = finds.get(entry.id);
  if (looking) return looking;
  const find = navigator.locks
    .request(finderLock(entry.id), { ifAvailable: true }, async (lock) => {
      if (lock) await settleLocation(entry.seq, await locateBefore(deadlineOf(entry)));
    })
    .then(
      () => {},
      // A failed write leaves it 'locating': the drain at its deadline lets it go.
      () => {},
    )
    .finally(() => void finds.delete(entry.id));
  finds.set(entry.id, find);
  return find;
}

/** Until when a punch still finding its fix holds back its job, and what may end that sooner. */
export type LocatingWait = { until: number; finderDone?: Promise<void> };

/**
 * For the drain, at a 'locating' punch: lets it go without a fix once its deadline has passed
 * (null); otherwise says how long it may still wait, looking for the fix itself if the page that
 * looked is gone.
 */
export async function releaseIfDue(
  entry: LocatedEntry & { seq: number },
): Promise<LocatingWait | null> {
  const deadline = deadlineOf(entry);
  if (Date.now() >= deadline) {
    await settleLocation(entry.seq, { fix: null, problem: NOT_FOUND_IN_TIME });
    return null;
  }
  return {
    until: deadline,
    finderDone: (await finderGone(entry)) ? findHere(entry) : finderDone(entry),
  };
}
