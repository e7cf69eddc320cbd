import { chicagoDate, chicagoInstant, TIME_SLOTS } from '@twinclean/shared/schedule';

// The demo's working day in Chicago, from the seeding clock: so whoever opens the demo, at
// whatever hour, sees visits in the booking slots and nothing in progress at night.

const MINUTE = 60_000;

/** The demo's clock-ins come 4 minutes after the slot. */
export const demoClockIn = (scheduledAt: Date): Date =>
  new Date(scheduledAt.getTime() + 4 * MINUTE);

/** The demo's clock-outs come 7 minutes short of the booked hours. */
export const demoClockOut = (clockIn: Date, hours: number): Date =>
  new Date(clockIn.getTime() + (hours * 60 - 7) * MINUTE);

export type TodaysVisit = { time: string; phase: 'upcoming' | 'in_progress' | 'done' };

/**
 * Where a visit of `hours` today stands at `now`: before the first slot's clock-in it is this
 * morning's, still to come; once a slot's clock-in has passed it is the latest such slot's, in
 * progress until its clock-out; after the day's last clock-out it is this morning's, finished.
 */
export function todaysVisit(now: Date, hours: number): TodaysVisit {
  const today = chicagoDate(now);
  const clockInAt = (time: string) => demoClockIn(chicagoInstant(today, time));
  const started = TIME_SLOTS.filter((time) => clockInAt(time).getTime() <= now.getTime());
  const latest = started[started.length - 1];
  if (latest === undefined) return { time: '09:00', phase: 'upcoming' };
  if (now.getTime() < demoClockOut(clockInAt(latest), hours).getTime()) {
    return { time: latest, phase: 'in_progress' };
  }
  return { time: '09:00', phase: 'done' };
}
