import { dateFormatOnFirstUse } from './made-on-first-use';

// Scheduling happens in America/Chicago whatever the server's or phone's zone.
export const SCHEDULING_TIME_ZONE = 'America/Chicago';

const partsFormatter = dateFormatOnFirstUse({
  timeZone: SCHEDULING_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

function zonedParts(instant: Date): Record<string, number> {
  const parts: Record<string, number> = {};
  for (const { type, value } of partsFormatter().formatToParts(instant)) {
    if (type !== 'literal') parts[type] = Number(value);
  }
  return parts;
}

/** Minutes the zone is ahead of UTC at that instant (negative for Chicago). */
function offsetMinutes(instant: Date): number {
  const p = zonedParts(instant);
  const asUtc = Date.UTC(p.year ?? 0, (p.month ?? 1) - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60000);
}

/** The instant of a wall-clock date and time in Chicago ('2026-03-08', '09:00'). */
export function chicagoInstant(date: string, time: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm] = time.split(':').map(Number);
  const wall = Date.UTC(y ?? 0, (m ?? 1) - 1, d, hh, mm);
  // Two passes settle the offset across a DST change.
  let instant = new Date(wall - offsetMinutes(new Date(wall)) * 60000);
  instant = new Date(wall - offsetMinutes(instant) * 60000);
  return instant;
}

/** The Chicago calendar date of an instant, as 'YYYY-MM-DD'. */
export function chicagoDate(instant: Date): string {
  const p = zonedParts(instant);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** The Chicago wall-clock time of an instant, as 'HH:MM'. */
export function chicagoTime(instant: Date): string {
  const p = zonedParts(instant);
  return `${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
}

/** A 'YYYY-MM-DD' date moved by whole days. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, (d ?? 1) + days)).toISOString().slice(0, 10);
}

// DECISIONS.md "The booking wizard": today up to 30 days ahead; hourly slots 08:00–16:00;
// a slot must start at least 2 hours from now.
export const BOOKING_DAYS_AHEAD = 30;
export const MIN_LEAD_HOURS = 2;
export const TIME_SLOTS = [
  '08:00',
  '09:00',
  '10:00',
  '11:00',
  '12:00',
  '13:00',
  '14:00',
  '15:00',
  '16:00',
] as const;

/** "9:00 AM" for a "09:00" slot. */
export function formatSlot(time: string): string {
  const [h = 0, m = 0] = time.split(':').map(Number);
  const suffix = h >= 12 ? 'PM' : 'AM';
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${suffix}`;
}

const dateFormatter = dateFormatOnFirstUse({
  timeZone: 'UTC',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});
const monthDayFormatter = dateFormatOnFirstUse({
  timeZone: 'UTC',
  month: 'short',
  day: 'numeric',
});

/** A 'YYYY-MM-DD' calendar date as its UTC midnight: formatted in UTC, every zone names that day. */
function calendarDay(date: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1));
}

/** "Jan 5, 2025" for a '2025-01-05' calendar date, whatever the phone's zone. */
export const formatDate = (date: string): string => dateFormatter().format(calendarDay(date));

/** "Jan 5" for a '2025-01-05' calendar date: for dates inside the 30-day booking window. */
export const formatMonthDay = (date: string): string =>
  monthDayFormatter().format(calendarDay(date));

const clockFormatter = dateFormatOnFirstUse({
  timeZone: SCHEDULING_TIME_ZONE,
  hour: 'numeric',
  minute: '2-digit',
});

/** "9:03 AM" in Chicago for an instant such as a clock-in. */
export const formatClock = (instant: Date): string => clockFormatter().format(instant);

const instantFormatter = dateFormatOnFirstUse({
  timeZone: SCHEDULING_TIME_ZONE,
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** "Jan 5, 2025, 9:03 AM" in Chicago, for an instant the API sent (a payment, a punch). */
export const formatInstant = (iso: string): string => instantFormatter().format(new Date(iso));

export function bookingWindow(now: Date): { minDate: string; maxDate: string } {
  const minDate = chicagoDate(now);
  return { minDate, maxDate: addDays(minDate, BOOKING_DAYS_AHEAD) };
}

/** Why a date and slot cannot be booked at `now`, or null when it can. */
export function slotProblem(date: string, time: string, now: Date): string | null {
  const { minDate, maxDate } = bookingWindow(now);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || date < minDate || date > maxDate) {
    return 'Choose a date from today up to 30 days ahead.';
  }
  if (!(TIME_SLOTS as readonly string[]).includes(time)) {
    return 'Choose a time between 8:00 AM and 4:00 PM.';
  }
  if (chicagoInstant(date, time).getTime() < now.getTime() + MIN_LEAD_HOURS * 3_600_000) {
    return 'Choose a time at least 2 hours from now.';
  }
  return null;
}
