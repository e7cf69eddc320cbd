import { enteredDollarsToCents, formatDollars } from '@twinclean/shared/money';
import {
  TIP_MAX_CENTS,
  TIP_MIN_CENTS,
  type TipRequest,
  tipOpen,
  tipPercentCents,
} from '@twinclean/shared/tips';
import type { Knex } from 'knex';
import { AppError } from '../../errors';
import type { Booking } from '../../models/booking';
import { Payout } from '../../models/payout';

// DECISIONS.md "Visit updates, checklists, tips": a visit may be tipped once it is done (clocked
// out), not canceled, for TIP_DAYS after; the tip is its provider's, on that visit's payout.

const notYet = () => new AppError(409, 'tip_closed', 'Tips open once the visit is done.');
const closed = () => new AppError(409, 'tip_closed', 'This visit can no longer be tipped.');

/**
 * The payout a tip of `booking` goes to, or why the visit cannot be tipped at `now` (409). A
 * visit clocked out has its payout (the clock-out made it); one without is refused, never
 * charged for a tip nobody could be paid.
 */
export async function tippablePayout(db: Knex, booking: Booking, now: Date): Promise<Payout> {
  if (!booking.clockOutAt && !booking.canceledAt) throw notYet();
  if (!tipOpen(booking, now) || !booking.providerId) throw closed();
  const payout = await Payout.query(db).findOne({ bookingId: booking.id });
  if (!payout) throw closed();
  return payout;
}

/** The tip in cents the client chose: a percent of what the visit costs, or their amount. */
export function tipCentsOf(booking: Pick<Booking, 'totalAmountCents'>, request: TipRequest) {
  const cents =
    request.percent !== undefined
      ? (tipPercentCents(booking.totalAmountCents).find((p) => p.percent === request.percent)
          ?.cents ?? 0)
      : enteredDollarsToCents(request.amount ?? '0');
  // A percent of a very small or very large visit can fall outside what an amount may be.
  if (cents < TIP_MIN_CENTS || cents > TIP_MAX_CENTS) {
    throw new AppError(
      400,
      'tip_out_of_range',
      `A tip is from ${formatDollars(TIP_MIN_CENTS)} to ${formatDollars(TIP_MAX_CENTS)}.`,
    );
  }
  return cents;
}
