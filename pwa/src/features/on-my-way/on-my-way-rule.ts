import type { ProviderJob } from '@twinclean/shared/provider-jobs';
import { chicagoInstant } from '@twinclean/shared/schedule';
import type { EnRouteEntry, OutboxEntry } from '../outbox/entry';
import { withLocalPunches } from '../outbox/local-job';

const HOUR_MS = 3_600_000;
/** DECISIONS.md / the server: "On my way" from 12 hours before the visit's start. */
export const ON_MY_WAY_FROM_HOURS = 12;
/** A visit not clocked into this long after its start is no longer one to be on the way to. */
const OFFER_UNTIL_HOURS = 12;

export const TOO_EARLY_TEXT = "You can say you're on your way from 12 hours before the visit.";

/**
 * What the job's "On My Way" shows: told already (by this phone's entry, or by the server's status
 * when this phone has none), the button, a hint that it is too early, or nothing (canceled, done,
 * clocked in, long past). A refused entry is shown with the button again: a new tap, a new key.
 */
export type OnMyWayState =
  | { show: 'told'; entry: EnRouteEntry | null; refused: EnRouteEntry | null }
  | { show: 'offer'; refused: EnRouteEntry | null }
  | { show: 'too_early' }
  | { show: 'nothing' };

export function onMyWayState(
  serverJob: ProviderJob,
  entries: readonly OutboxEntry[],
  now: Date,
): OnMyWayState {
  const job = withLocalPunches(serverJob, entries);
  const mine = entries.filter((e): e is EnRouteEntry => e.kind === 'en_route');
  const kept = mine.find((e) => e.status !== 'rejected') ?? null;
  const refused = mine.findLast((e) => e.status === 'rejected') ?? null;
  if (job.status === 'canceled' || job.providerClockInTime || job.providerClockOutTime) {
    return { show: 'nothing' };
  }
  if (kept || serverJob.status === 'en_route') return { show: 'told', entry: kept, refused: null };
  const start = chicagoInstant(job.scheduledDate, job.scheduledTime).getTime();
  if (now.getTime() < start - ON_MY_WAY_FROM_HOURS * HOUR_MS) return { show: 'too_early' };
  if (now.getTime() > start + OFFER_UNTIL_HOURS * HOUR_MS) return { show: 'nothing' };
  return { show: 'offer', refused };
}

/**
 * The dashboard's visit for "On My Way": the first one (the list comes in start order) whose job
 * page would show it, the phone's own punches applied (a clock-in recorded offline is not one
 * to be on the way to), if it is within 12 hours of its start. A visit more than 12 hours past its
 * start is skipped, even one told "on my way" and never clocked into: an old missed visit must
 * not hide today's button.
 */
export function nextVisitToBeOnTheWay(
  jobs: readonly ProviderJob[],
  entries: readonly OutboxEntry[],
  now: Date,
): ProviderJob | undefined {
  for (const job of jobs) {
    const start = chicagoInstant(job.scheduledDate, job.scheduledTime).getTime();
    if (now.getTime() > start + OFFER_UNTIL_HOURS * HOUR_MS) continue;
    const mine = entries.filter((e) => e.bookingId === job.id);
    const { show } = onMyWayState(job, mine, now);
    if (show === 'nothing') continue;
    // Never reaches past the next visit: one not yet 12 hours away means none is.
    return show === 'too_early' ? undefined : job;
  }
  return undefined;
}
