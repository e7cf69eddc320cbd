import { LOCATION_TIMEOUT_MS } from './location';

// The browser's own timeout leaves out its permission prompt: past this the punch goes without
// a fix, whatever the prompt or the page are doing.
const LOCATE_WINDOW_MS = LOCATION_TIMEOUT_MS + 2_000;

/**
 * "On my way" is told to the client now, not checked against a geofence: it waits 10 s at most
 * for a fix, the permission prompt included, then goes without one (no estimate).
 */
export const ON_MY_WAY_LOCATE_MS = LOCATION_TIMEOUT_MS;

/** When a punch tapped at `occurredAt` stops waiting for its fix. */
export const locateByFor = (occurredAt: string, windowMs = LOCATE_WINDOW_MS) =>
  new Date(new Date(occurredAt).getTime() + windowMs).toISOString();

// Held by the page looking for a punch's fix for as long as it looks; the browser lets go when
// that page goes, so a free lock means nobody will ever bring this fix.
export const finderLock = (id: string) => `twinclean-locating-${id}`;

/**
 * Runs `find` holding the punch's finder lock, asked for at once: from the tap, before the punch
 * is in the outbox, until its location is settled.
 */
export async function asFinder<T>(id: string, find: () => Promise<T>): Promise<T> {
  return navigator.locks ? await navigator.locks.request(finderLock(id), find) : find();
}
