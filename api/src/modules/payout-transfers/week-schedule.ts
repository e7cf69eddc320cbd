import { addDays, chicagoDate, chicagoInstant } from '@twinclean/shared/schedule';

// When the weekly transfers go (DECISIONS.md "Payouts"): Pricing Config's weekday and hour in
// America/Chicago, DST included (chicagoInstant). A run pays the week before the one it is in.

export type PayoutSchedule = { payoutWeekday: number; payoutHour: number };

/** How long after its moment a week may still be claimed: a sweep missed by a restart catches up. */
export const CLAIM_WINDOW_MS = 24 * 60 * 60 * 1000;

/** ISO weekday of a 'YYYY-MM-DD' date, 1 = Monday … 7 = Sunday. */
export function isoWeekday(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

/** The Monday of the (Chicago) week a 'YYYY-MM-DD' date is in. */
export const mondayOf = (date: string): string => addDays(date, 1 - isoWeekday(date));

/** A real calendar date (not 2026-02-30, which Date rolls over) from 2000 to 2100. */
export const isCalendarDate = (date: string): boolean => {
  const match = /^(\d{4})-\d{2}-\d{2}$/.exec(date);
  const year = Number(match?.[1]);
  return Boolean(match) && year >= 2000 && year <= 2100 && addDays(date, 0) === date;
};

export const isMonday = (date: string): boolean => isCalendarDate(date) && isoWeekday(date) === 1;

/** The run moment of the week starting on `monday`. */
export function runMomentOf(monday: string, schedule: PayoutSchedule): Date {
  const hour = String(schedule.payoutHour).padStart(2, '0');
  return chicagoInstant(addDays(monday, schedule.payoutWeekday - 1), `${hour}:00`);
}

/** [from, to) of the week starting on `monday`, as instants (Chicago midnights). */
export const weekBounds = (monday: string) => ({
  from: chicagoInstant(monday, '00:00'),
  to: chicagoInstant(addDays(monday, 7), '00:00'),
});

/**
 * The week a sweep at `now` claims: the one before the week of the run moment now is within the
 * claim window after; null outside any (a sweep then only sends what is due). Last week's moment
 * is looked at too: a late one (Sunday evening) has its window run on past Monday midnight.
 */
export function dueWeek(now: Date, schedule: PayoutSchedule): string | null {
  const thisMonday = mondayOf(chicagoDate(now));
  for (const monday of [thisMonday, addDays(thisMonday, -7)]) {
    const elapsed = now.getTime() - runMomentOf(monday, schedule).getTime();
    if (elapsed >= 0 && elapsed < CLAIM_WINDOW_MS) return addDays(monday, -7);
  }
  return null;
}

/** The next run moment after `now`. */
export function nextRunAt(now: Date, schedule: PayoutSchedule): Date {
  const thisMonday = mondayOf(chicagoDate(now));
  const moment = runMomentOf(thisMonday, schedule);
  return moment.getTime() > now.getTime() ? moment : runMomentOf(addDays(thisMonday, 7), schedule);
}

/** Two business days (Monday–Friday) after the Chicago day `sentAt` falls on. */
export function arrivalDateOf(sentAt: Date): string {
  let day = chicagoDate(sentAt);
  let left = 2;
  while (left > 0) {
    day = addDays(day, 1);
    if (isoWeekday(day) <= 5) left -= 1;
  }
  return day;
}
