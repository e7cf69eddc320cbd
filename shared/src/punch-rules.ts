// When a punch's device time is believed, when a clock-in is refused, and how much of the clocked
// time is paid without an admin's approval (README "Punch rules"). Pure: the server's receipt time
// is passed in.

import { chicagoDate, formatClock, formatInstant, formatMonthDay } from './schedule';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const PUNCH_RULES = {
  /** A phone's clock may run a little fast; beyond this a device time is in the future. */
  clockSkewMs: 5 * MINUTE,
  /** Arriving early is normal; a clock-in earlier than this before the slot is not. */
  earlyStartMs: 2 * HOUR,
  /** Overrunning or syncing late is normal; after the booked end plus this, nothing is believed. */
  lateFinishMs: 12 * HOUR,
  /** Paid without review: the booked hours plus this. */
  graceHours: 1,
  /** payouts.hours_worked is decimal(6,2); a longer measurement is flagged anyway. */
  maxMeasuredHours: 9999.99,
  /** DECISIONS.md: a job without booked hours (a fixed-price pickup) lasts at least 1 h. */
  minimumJobHours: 1,
} as const;

export type PunchKind = 'clock_in' | 'clock_out';

/** The booking facts the window depends on. */
export type JobTimes = {
  scheduledAt: Date;
  /** bookings.total_hours; null for services priced without hours. */
  totalHours: number | null;
  assignedAt: Date | null;
  createdAt: Date;
};

/** The span in which a device's time for this punch is plausible. */
export type PunchWindow = {
  kind: PunchKind;
  opensAt: Date;
  closesAt: Date;
  /** A clock-out is never recorded before its clock-in. */
  notBefore: Date | null;
};

export type PunchTime = {
  /** The time the punch counts at: the device's if believed, else the server's receipt time. */
  occurredAt: Date;
  /** Why an admin should look at this punch; null when nothing is odd. */
  suspicionReason: string | null;
};

const at = (ms: number) => new Date(ms);
// Reasons are read by admins (and providers, on their payouts): in Chicago, as the admin area
// writes every instant.
const shown = (d: Date) => formatInstant(d.toISOString());
const label = (kind: PunchKind) => (kind === 'clock_in' ? 'clock-in' : 'clock-out');

export const bookedHours = (totalHours: number | null): number =>
  totalHours ?? PUNCH_RULES.minimumJobHours;

function workEnd(job: JobTimes): number {
  return job.scheduledAt.getTime() + bookedHours(job.totalHours) * HOUR + PUNCH_RULES.lateFinishMs;
}

/**
 * A clock-in is plausible from 2 h before the slot, but never before the job was this provider's
 * (the booking's creation when no assignment time is known), up to 12 h after the booked end. A
 * job handed out after that end has no window left: it opens as it closes.
 */
export function clockInWindow(job: JobTimes): PunchWindow {
  const yours = (job.assignedAt ?? job.createdAt).getTime() - PUNCH_RULES.clockSkewMs;
  const early = job.scheduledAt.getTime() - PUNCH_RULES.earlyStartMs;
  const closesAt = workEnd(job);
  return {
    kind: 'clock_in',
    opensAt: at(Math.min(Math.max(early, yours), closesAt)),
    closesAt: at(closesAt),
    notBefore: null,
  };
}

/** A clock-out is plausible from the recorded clock-in up to 12 h after the booked end. */
export function clockOutWindow(job: JobTimes, clockInAt: Date): PunchWindow {
  return {
    kind: 'clock_out',
    opensAt: clockInAt,
    closesAt: at(workEnd(job)),
    notBefore: clockInAt,
  };
}

/**
 * Where a device time is believed for a punch received at `receivedAt`: inside the window and not
 * more than the skew ahead of the server. Null when the punch reached the server so early that the
 * two do not meet: no device time could count, and a span ending before it starts means nothing.
 */
export function believedSpan(
  window: PunchWindow,
  receivedAt: Date,
): { from: Date; to: Date } | null {
  const to = Math.min(window.closesAt.getTime(), receivedAt.getTime() + PUNCH_RULES.clockSkewMs);
  return to < window.opensAt.getTime() ? null : { from: window.opensAt, to: at(to) };
}

/** Whether the device's time counts: inside the window and not in the future. */
function believes(window: PunchWindow, claimedAt: Date, receivedAt: Date): boolean {
  const span = believedSpan(window, receivedAt);
  const t = claimedAt.getTime();
  return span !== null && t >= span.from.getTime() && t <= span.to.getTime();
}

/**
 * The time a punch counts at. The device's time is believed inside the window and not in the
 * future; otherwise the receipt time is recorded and the punch flagged — a late sync is no reason
 * to refuse, since an offline phone cannot be asked again (only a clock-in whose times are both
 * outside is refused, by `clockInRefusal`). A receipt outside the window is flagged too: with no
 * device time it is the time recorded, and after the window closes nobody was still working.
 */
export function punchTime(
  window: PunchWindow,
  claimedAt: Date | null,
  receivedAt: Date,
): PunchTime {
  const name = label(window.kind);
  const span = believedSpan(window, receivedAt);
  const believed = claimedAt !== null && believes(window, claimedAt, receivedAt);
  const floor = window.notBefore?.getTime() ?? Number.NEGATIVE_INFINITY;
  const occurredAt = believed ? claimedAt : at(Math.max(receivedAt.getTime(), floor));

  const reasons: string[] = [];
  if (claimedAt && !believed) {
    const why = span
      ? `is outside the ${name} window (${shown(span.from)} to ${shown(span.to)})`
      : `is not believed: the ${name} reached the server before its window opened`;
    reasons.push(
      `Device time ${shown(claimedAt)} ${why}; the server's time ${shown(occurredAt)} was recorded.`,
    );
  }
  const early = !believed && receivedAt.getTime() < window.opensAt.getTime();
  if (early || receivedAt.getTime() > window.closesAt.getTime()) {
    reasons.push(
      `Received at ${shown(receivedAt)}, outside the ${name} window ` +
        `(${shown(window.opensAt)} to ${shown(window.closesAt)}).`,
    );
  }
  return { occurredAt, suspicionReason: reasons.length ? reasons.join(' ') : null };
}

export type PunchRefusal = { code: 'outside_punch_window'; message: string };

/** "Nov 30 at 10:00 AM", in Chicago like every time a provider reads (a job is < 30 days off). */
const dayAndTime = (instant: Date) =>
  `${formatMonthDay(chicagoDate(instant))} at ${formatClock(instant)}`;

/** "8:00 AM that day", or "11:00 PM on Nov 29" when it is not the job's day. */
function timeOnJobDay(instant: Date, jobStart: Date): string {
  const date = chicagoDate(instant);
  const day = date === chicagoDate(jobStart) ? 'that day' : `on ${formatMonthDay(date)}`;
  return `${formatClock(instant)} ${day}`;
}

/**
 * Why a clock-in is refused for its time, or null. Only when neither time is inside the window:
 * no believable device time, and the server received it before the window opened (clocking in
 * days early would start the job and take the client's Cancel and Reschedule away) or after it
 * closed (nobody can say when the work began; the office records it). A device time inside the
 * window is accepted however late it syncs. Clock-outs are never refused for time: a provider
 * who forgot to clock out must still be able to.
 */
export function clockInRefusal(
  job: JobTimes,
  claimedAt: Date | null,
  receivedAt: Date,
): PunchRefusal | null {
  const window = clockInWindow(job);
  if (claimedAt && believes(window, claimedAt, receivedAt)) return null;
  if (receivedAt.getTime() < window.opensAt.getTime()) {
    return {
      code: 'outside_punch_window',
      message:
        `This job starts ${dayAndTime(job.scheduledAt)}; ` +
        `you can clock in from ${timeOnJobDay(window.opensAt, job.scheduledAt)}.`,
    };
  }
  if (receivedAt.getTime() > window.closesAt.getTime()) {
    return {
      code: 'outside_punch_window',
      message:
        `This job started ${dayAndTime(job.scheduledAt)}; clock-ins for it closed at ` +
        `${timeOnJobDay(window.closesAt, job.scheduledAt)}. Ask the office to record your time.`,
    };
  }
  return null;
}

/**
 * What the phone can say before sending when its own clock reads too early. Only a hint: the
 * phone's clock may be wrong and the server decides, so it never stops a punch being queued. The
 * phone has the job, so it was assigned before now, and the window then opens 2 h before the slot.
 */
export function earlyClockInHint(scheduledAt: Date, now: Date): string | null {
  const opensAt = at(scheduledAt.getTime() - PUNCH_RULES.earlyStartMs);
  // Written so an unreadable slot (NaN) gives no hint rather than a formatter's RangeError.
  if (!(now.getTime() < opensAt.getTime())) return null;
  return `You can clock in from ${formatClock(opensAt)} on ${formatMonthDay(chicagoDate(opensAt))}.`;
}

const hundredths = (hours: number) => Math.round(hours * 100) / 100;

/** Clocked time in hours, 2 decimals, never negative, never more than the column holds. */
export function measuredHours(clockIn: Date, clockOut: Date): number {
  const hours = Math.max(0, clockOut.getTime() - clockIn.getTime()) / HOUR;
  return Math.min(hundredths(hours), PUNCH_RULES.maxMeasuredHours);
}

/** The most hours paid without an admin's approval: booked + 1. */
export const maxPaidHours = (totalHours: number | null): number =>
  hundredths(bookedHours(totalHours) + PUNCH_RULES.graceHours);

export const paidHours = (hoursWorked: number, totalHours: number | null): number =>
  Math.min(hoursWorked, maxPaidHours(totalHours));

/** Why a payout waits for an admin (capped hours, a flagged punch), or null. */
export function payoutReviewReason(input: {
  hoursWorked: number;
  hoursPaid: number;
  totalHours: number | null;
  clockInSuspicion: string | null;
  clockOutSuspicion: string | null;
}): string | null {
  const reasons: string[] = [];
  if (input.hoursPaid < input.hoursWorked) {
    reasons.push(
      `${input.hoursWorked} h clocked, ${input.hoursPaid} h paid ` +
        `(${bookedHours(input.totalHours)} h booked + ${PUNCH_RULES.graceHours} h); ` +
        'the rest waits for an admin.',
    );
  }
  if (input.clockInSuspicion) reasons.push(`Clock-in flagged: ${input.clockInSuspicion}`);
  if (input.clockOutSuspicion) reasons.push(`Clock-out flagged: ${input.clockOutSuspicion}`);
  return reasons.length ? reasons.join(' ') : null;
}
