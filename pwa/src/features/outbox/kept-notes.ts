import { type KeptEntryNotes, notesToDrop } from '../../lib/entry-notes-rule';
import { announceOutbox, openOutbox, outboxExists } from './store';

// The home's entry notes kept for offline use live in the outbox's database (its version 2
// table), the one database of the app; what may be kept and for how long is entry-notes-rule.ts.

type Visits = Parameters<typeof notesToDrop>[2];

/** Keeps a visit's notes (creating the database on first use). */
export async function keepNotes(row: KeptEntryNotes): Promise<void> {
  const storage = await openOutbox();
  await storage.putEntryNotes(row);
  announceOutbox();
}

/** The visits among these with a clock-out recorded on this phone. */
export async function clockedOutHere(bookingIds: readonly string[]): Promise<Set<string>> {
  if (bookingIds.length === 0 || !(await outboxExists())) return new Set();
  return (await openOutbox()).clockedOutHere(bookingIds);
}

/**
 * Removes every kept note the rule no longer allows (see notesToDrop); `visits` is the provider's
 * job list as last known, null when there is none.
 */
export async function sweepKeptNotes(
  providerId: string,
  visits: Visits,
  now = new Date(),
): Promise<void> {
  if (!(await outboxExists())) return;
  const storage = await openOutbox();
  const kept = await storage.allEntryNotes();
  if (kept.length === 0) return;
  const done = await storage.clockedOutHere(kept.map((row) => row.bookingId));
  const drop = notesToDrop(kept, providerId, visits, done, now);
  if (drop.length > 0) await storage.dropEntryNotes(drop);
}

/** Forgets one visit's notes (the server no longer shows them). */
export async function forgetNotes(bookingId: string): Promise<void> {
  if (!(await outboxExists())) return;
  await (await openOutbox()).dropEntryNotes([bookingId]);
}

/** Signing out: the next person on this phone finds no door code. */
export async function forgetAllNotes(): Promise<void> {
  if (!(await outboxExists())) return;
  await (await openOutbox()).dropAllEntryNotes();
}

/**
 * Removes the notes past their time whoever is signed in, or nobody: run as the app starts and
 * while it stays open, so a phone left on the sign-in page keeps no old door code either.
 */
export async function dropExpiredNotes(now = new Date()): Promise<void> {
  if (!(await outboxExists())) return;
  const storage = await openOutbox();
  const expired = (await storage.allEntryNotes())
    .filter((row) => now >= new Date(row.keptUntil))
    .map((row) => row.bookingId);
  if (expired.length > 0) await storage.dropEntryNotes(expired);
}
