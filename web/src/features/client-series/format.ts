import { formatSlot } from '@twinclean/shared/schedule';
import type { ClientSeries } from '@twinclean/shared/series';

type Visit = ClientSeries['upcoming'][number];

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** "Every 2 weeks on Tuesday at 9:00 AM" (the weekday and time in Chicago, as the API sends). */
export const scheduleLine = (series: Pick<ClientSeries, 'label' | 'weekday' | 'scheduledTime'>) =>
  `${series.label} on ${WEEKDAYS[series.weekday] ?? 'an unknown day'} at ${formatSlot(series.scheduledTime)}`;

/** Who comes: the regular cleaner's first name, or the search for one (no one accepted yet). */
export const cleanerLine = (firstName: string | null) =>
  firstName ? `Your regular cleaner: ${firstName}` : 'Finding your regular cleaner';

/** Who has a visit: the regular cleaner, the job board (no one yet), or another cleaner. */
export function visitPlace(visit: Visit): string {
  if (visit.withRegularProvider) return 'with your regular cleaner';
  return visit.status === 'pending_assignment' ? 'on the job board' : 'with another cleaner';
}

/** The home by its name, or its address when it has none. */
export const homeName = (home: ClientSeries['home']) => home.label || home.address;

/**
 * The visits to list: a pause cancels the visits before its end (their rows stay, so they are
 * never planned again), and the paused badge says so; those are left out. A visit skipped
 * outside the pause stays, canceled.
 */
export const shownVisits = (series: Pick<ClientSeries, 'upcoming' | 'pausedUntil'>): Visit[] =>
  series.upcoming.filter(
    (v) => !(v.status === 'canceled' && series.pausedUntil && v.scheduledDate < series.pausedUntil),
  );

/** Skip and Move are for visits not yet started, paid through or canceled. */
const CHANGEABLE = new Set([
  'pending_assignment',
  'assigned',
  'pending_deposit',
  'deposit_paid',
  'fully_paid',
]);
export const canChangeVisit = (visit: Visit) => CHANGEABLE.has(visit.status);

/** The series' own changes wait for an active series; a canceled one is history. */
export const isActive = (series: Pick<ClientSeries, 'canceledAt'>) => series.canceledAt === null;
