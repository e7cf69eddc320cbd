import type { VisitReport } from '@twinclean/shared/visit-report';

// How the report puts its facts in words: pure, so the rules are tested without a browser.

type PunchFact = NonNullable<VisitReport['arrival']>;
type Photo = VisitReport['photos']['before'][number];

/** "Location verified", or why not ("Location not verified: No location from the device"). */
export const locationVerdict = (punch: PunchFact): string =>
  punch.geofenceVerified
    ? 'Location verified'
    : `Location not verified: ${punch.unverifiedReason ?? 'no reason given'}`;

/** "40 m from the home", "1.2 km from the home"; null without a location. */
export function distanceText(metres: number | null): string | null {
  if (metres === null) return null;
  if (metres < 1000) return `${Math.round(metres)} m from the home`;
  return `${(metres / 1000).toFixed(1)} km from the home`;
}

/** "1 hour", "2.5 hours", "2.75 hours": as many decimals as the number has (at most two). */
export function hoursText(hours: number): string {
  const rounded = Math.round(hours * 100) / 100;
  return `${rounded} ${rounded === 1 ? 'hour' : 'hours'}`;
}

/** "2.75 hours worked of 3 hours booked"; without booked hours, just the hours worked. */
export function timeWorkedText(worked: number | null, booked: number | null): string | null {
  if (worked === null) return null;
  return booked === null
    ? `${hoursText(worked)} worked`
    : `${hoursText(worked)} worked of ${hoursText(booked)} booked`;
}

/** "5 of 12 tasks done". */
export const tasksDoneText = (done: number, total: number): string =>
  `${done} of ${total} ${total === 1 ? 'task' : 'tasks'} done`;

/**
 * Before and after photos paired in order for side-by-side rows; either side may run out. Only
 * the visit's own before/after shots: a task photo (checklistItemKey set) is stored as 'before'
 * or 'after' by when it was taken, not by what it shows, so it goes under its task instead.
 */
export function photoPairs(
  before: readonly Photo[],
  after: readonly Photo[],
): { before: Photo | null; after: Photo | null }[] {
  const visitBefore = before.filter((p) => p.checklistItemKey === null);
  const visitAfter = after.filter((p) => p.checklistItemKey === null);
  return Array.from({ length: Math.max(visitBefore.length, visitAfter.length) }, (_, i) => ({
    before: visitBefore[i] ?? null,
    after: visitAfter[i] ?? null,
  }));
}

/** The photos taken for one checklist task (by its key, or listed in the task's photoIds). */
export function taskPhotos(
  photos: VisitReport['photos'],
  item: { key: string; photoIds: readonly string[] },
): Photo[] {
  const ids = new Set(item.photoIds);
  return [...photos.before, ...photos.after].filter(
    (p) => p.checklistItemKey === item.key || ids.has(p.id),
  );
}
