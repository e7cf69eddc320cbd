import {
  ENTRY_NOTES_AFTER_START_HOURS,
  ENTRY_NOTES_LEAD_HOURS,
  type VisitHomeNotes,
} from '@twinclean/shared/homes';
import type { ProviderJob } from '@twinclean/shared/provider-jobs';
import { chicagoInstant } from '@twinclean/shared/schedule';

// DECISIONS.md "Recurring visits, homes and entry notes": a home's entry notes (door codes, the
// key's hiding place) stay on the phone only for the provider's own visit, from 24 h before it
// until it is done. The server decides when they may be read; this decides how long the phone
// may keep what it was given, so a lost phone holds as little as possible.

const HOUR_MS = 3_600_000;

/** After the visit's start the notes stay this long at most, as the server shows them. */
export const KEEP_AFTER_START_HOURS = ENTRY_NOTES_AFTER_START_HOURS;

/** One visit's home notes as kept on the phone (the outbox database's entryNotes table). */
export type KeptEntryNotes = {
  bookingId: string;
  /** Who kept them: another provider signed in on this phone never sees them. */
  providerId: string;
  notes: VisitHomeNotes;
  /** ISO: removed from then on, whatever else happens. */
  keptUntil: string;
};

type Visit = Pick<
  ProviderJob,
  'id' | 'status' | 'scheduledDate' | 'scheduledTime' | 'providerClockOutTime'
>;

const startOf = (visit: Visit) => chicagoInstant(visit.scheduledDate, visit.scheduledTime);

/** When the phone must have let the visit's notes go. */
export const keepUntil = (visit: Visit): Date =>
  new Date(startOf(visit).getTime() + KEEP_AFTER_START_HOURS * HOUR_MS);

/** The visit is still ahead of the provider: not canceled, not completed, no clock-out anywhere. */
const stillToDo = (visit: Visit, clockedOutHere: boolean) =>
  visit.status !== 'canceled' &&
  visit.status !== 'completed' &&
  !visit.providerClockOutTime &&
  !clockedOutHere;

/** The visit's window has opened and not yet ended at `now`. */
const inWindow = (visit: Visit, now: Date) =>
  startOf(visit).getTime() - ENTRY_NOTES_LEAD_HOURS * HOUR_MS <= now.getTime() &&
  now < keepUntil(visit);

/**
 * The provider's visits whose notes to fetch and keep now (online, as the dashboard or the job
 * loads): theirs (the list holds only their jobs), still to do, and inside the window.
 */
export function visitsToKeep<V extends Visit>(
  visits: readonly V[],
  clockedOut: ReadonlySet<string>,
  now: Date,
): V[] {
  return visits.filter(
    (visit) => stillToDo(visit, clockedOut.has(visit.id)) && inWindow(visit, now),
  );
}

/**
 * Whether an answer of GET /api/provider/jobs/:id/home may be kept: it carries entry notes (the
 * server found the visit inside its window) and the visit is still to do.
 */
export const mayKeepAnswer = (
  visit: Visit,
  notes: VisitHomeNotes,
  clockedOutHere: boolean,
  now: Date,
) => notes.entryNotes !== null && stillToDo(visit, clockedOutHere) && now < keepUntil(visit);

/**
 * The kept notes to remove now: another provider's, a visit no longer among the provider's jobs
 * (released, reassigned), canceled or done (a clock-out here counts, even unsent), moved out of
 * its window, or past its time. `visits` is the provider's job list as last known.
 */
export function notesToDrop(
  kept: readonly KeptEntryNotes[],
  providerId: string,
  visits: readonly Visit[] | null,
  clockedOut: ReadonlySet<string>,
  now: Date,
): string[] {
  const byId = new Map(visits?.map((visit) => [visit.id, visit]));
  return kept
    .filter((row) => {
      if (row.providerId !== providerId || now >= new Date(row.keptUntil)) return true;
      if (clockedOut.has(row.bookingId)) return true;
      // Without a list (offline, nothing saved) only the clock and the phone's punches decide.
      if (visits === null) return false;
      const visit = byId.get(row.bookingId);
      // A visit moved since (by its client, a day move, a new rhythm) keeps notes only inside
      // its new window, and until its new end.
      return (
        !visit ||
        !stillToDo(visit, false) ||
        !inWindow(visit, now) ||
        keepUntil(visit).toISOString() !== new Date(row.keptUntil).toISOString()
      );
    })
    .map((row) => row.bookingId);
}

/** The kept notes to show on the visit's page: this provider's, still in their time. */
export const keptNotesToShow = (
  row: KeptEntryNotes | undefined,
  providerId: string,
  clockedOutHere: boolean,
  now: Date,
): VisitHomeNotes | null =>
  row && row.providerId === providerId && !clockedOutHere && now < new Date(row.keptUntil)
    ? row.notes
    : null;
