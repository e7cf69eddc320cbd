import { type CancelTerms, cancelTerms } from '@twinclean/shared/booking-policy';
import { formatSlot } from '@twinclean/shared/schedule';
import { VISIT_CHARGE_HOURS } from '@twinclean/shared/subscriptions';
import type { Knex } from 'knex';
import { Booking } from '../../models/booking';
import { releasePrepaid } from '../credits/prepaid';

// Which of a series' visits a change may touch, and how a consequence names them.

const dayFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
/** Whether a YYYY-MM-DD string is a day of the calendar (2026-02-30 is not). */
export const realDate = (date: string) => {
  const day = new Date(`${date}T12:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(date);
};

/** "Tue, Dec 8" for '2026-12-08'. */
export const shortDay = (date: string) => dayFormat.format(new Date(`${date}T12:00:00Z`));

const WEEKDAYS = [
  'Sundays',
  'Mondays',
  'Tuesdays',
  'Wednesdays',
  'Thursdays',
  'Fridays',
  'Saturdays',
];
/** 0 = Sunday … 6 = Saturday of a calendar date. */
export const weekdayOf = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();
/** "Tuesdays at 9:00 AM". */
export const rhythmText = (date: string, time: string) =>
  `${WEEKDAYS[weekdayOf(date)]} at ${formatSlot(time)}`;

/** "Tue, Dec 8", "Tue, Dec 8 and Tue, Dec 15", "A, B and C". */
export function dayList(visits: Pick<Booking, 'scheduledDate'>[]): string {
  const days = visits.map((v) => shortDay(v.scheduledDate));
  if (days.length <= 1) return days.join('');
  return `${days.slice(0, -1).join(', ')} and ${days.at(-1)}`;
}

/**
 * Why a visit is left alone by a change to its series (null when it may change): it started, it
 * is less than 12 hours away and its charge was already made or tried, or it is paid.
 */
export function leftAloneReason(visit: Booking, now: Date): string | null {
  if (visit.clockInAt || visit.enRouteAt) return 'it has started';
  const hours = (visit.scheduledAt.getTime() - now.getTime()) / 3_600_000;
  const charged =
    visit.amountPaidCents > 0 || visit.visitChargeClaimedAt || visit.visitChargeFailedAt;
  if (hours <= VISIT_CHARGE_HOURS && charged) {
    return `it is less than ${VISIT_CHARGE_HOURS} hours away and already charged`;
  }
  // Paid early (or charged before its day moved): canceling it here would keep the money without
  // a refund; its own page cancels it with the refund the cancel rules give.
  if (visit.amountPaidCents > 0) return 'it is already paid (cancel it from its booking page)';
  return null;
}

export type FutureVisits = { changeable: Booking[]; leftAlone: Booking[] };

/** The series' visits not canceled nor finished from now on (and any under way), locked. */
export async function futureVisits(
  trx: Knex.Transaction,
  seriesId: string,
  now: Date,
): Promise<FutureVisits> {
  const visits = await Booking.query(trx)
    .where({ seriesId })
    .whereNull('canceledAt')
    .whereNull('clockOutAt')
    .where((q) => q.where('scheduledAt', '>', now).orWhereNotNull('clockInAt'))
    .orderBy('scheduledAt')
    .forUpdate();
  return {
    changeable: visits.filter((v) => !leftAloneReason(v, now)),
    leftAlone: visits.filter((v) => leftAloneReason(v, now)),
  };
}

/** "Your visit on Fri, Dec 4 stays as planned: it has started." for each visit left alone. */
export const leftAloneText = (visits: Booking[], now: Date) =>
  visits.map(
    (v) =>
      `Your visit on ${shortDay(v.scheduledDate)} stays as planned: ${leftAloneReason(v, now)}.`,
  );

/** What canceling visits costs, by the cancel rules, said of the next one. */
export function feeText(visit: Booking, config: { lateCancelFeePercent: number }, now: Date) {
  return termsText(cancelTerms(visit, config, now));
}

/** The cancel terms in the consequence's words. */
export function termsText(terms: CancelTerms): string {
  if (!terms.allowed) return terms.reason;
  if (terms.free && terms.refundCents === 0) return 'It is more than 24 hours away: no fee.';
  return terms.summary;
}

/**
 * Cancels visits inside the change's transaction, without a fee (none was charged: the charged
 * ones are left alone). `detach` frees their planned dates, so a series that is paused or
 * moved to a new rhythm can plan those dates again; a skipped or canceled one keeps its date.
 */
export async function cancelVisits(
  trx: Knex.Transaction,
  visits: Booking[],
  options: { by: string; reason: string; detach: boolean; now: Date },
): Promise<void> {
  if (visits.length === 0) return;
  await Booking.query(trx)
    .patch({
      canceledAt: options.now,
      canceledBy: options.by,
      cancellationReason: options.reason,
      cancellationFeeCents: 0,
      ...(options.detach ? { seriesId: null, seriesDate: null } : {}),
    })
    .whereIn(
      'id',
      visits.map((v) => v.id),
    );
  // The series' first visit may have spent referral credit or a gift card: it goes back whole.
  for (const visit of visits) await releasePrepaid(trx, visit);
}
