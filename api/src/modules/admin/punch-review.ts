import type { AdminBookingAnswer } from '@twinclean/shared/admin-booking';
import { hoursPaidProblem, payoutReviewTerms } from '@twinclean/shared/admin-booking-rules';
import { centsToDollars } from '@twinclean/shared/money';
import { hourlyBaseCents } from '@twinclean/shared/provider-pay';
import type { Knex } from 'knex';
import { audit } from '../../core/audit';
import { AppError, notFound } from '../../errors';
import { Payout } from '../../models/payout';
import { adminBooking } from './booking-view';

const pay = (p: Pick<Payout, 'hoursPaid' | 'baseAmountCents' | 'totalAmountCents'>) => ({
  hoursPaid: Number(p.hoursPaid),
  baseAmount: centsToDollars(p.baseAmountCents),
  totalAmount: centsToDollars(p.totalAmountCents),
});

/**
 * An admin's review of a payout the punch rules flagged (README "Punch rules"): approve the hours
 * worked or pay fewer. The base is recomputed as the clock-out computed it (hours × rate; a
 * fixed-price job's share does not depend on hours), wait pay on top; the flag is cleared and who
 * and when are kept. Pending payouts only: once paid, the money has left. The row lock makes a
 * concurrent Mark Paid either see the reviewed amount or refuse this review.
 */
export async function reviewPayout(
  db: Knex,
  actorId: string,
  payoutId: string,
  hoursPaid: number,
): Promise<AdminBookingAnswer> {
  const bookingId = await db.transaction(async (trx) => {
    const payout = await Payout.query(trx).findById(payoutId).forUpdate();
    if (!payout) throw notFound('Payout');
    const terms = payoutReviewTerms(payout);
    if (!terms.allowed) throw new AppError(409, 'not_allowed', terms.reason);
    // Its pay is frozen in a weekly transfer's line: changing it now would pay another amount.
    if (payout.transferId) {
      throw new AppError(
        409,
        'in_transfer',
        'This payout is in a weekly transfer; its hours can no longer change.',
      );
    }
    const worked = { hoursWorked: Number(payout.hoursWorked), sharePercent: payout.sharePercent };
    const problem = hoursPaidProblem(hoursPaid, worked);
    if (problem) throw new AppError(400, 'invalid_hours', problem);
    const hours = Math.round(hoursPaid * 100) / 100;
    const baseAmountCents =
      payout.sharePercent === null
        ? hourlyBaseCents(hours, payout.hourlyRateCents)
        : payout.baseAmountCents;
    const changes = {
      hoursPaid: hours,
      baseAmountCents,
      totalAmountCents: baseAmountCents + payout.waitPayCents + payout.bonusCents,
    };
    const unchanged = payout.reviewReason === null && Number(payout.hoursPaid) === hours;
    if (unchanged) return payout.bookingId;
    const before = { ...pay(payout), reviewReason: payout.reviewReason };
    const reviewedAt = new Date();
    await payout
      .$query(trx)
      .patch({ ...changes, reviewReason: null, reviewedAt, reviewedBy: actorId });
    await audit(trx, {
      actorId,
      action: 'payout.review',
      entity: 'payout',
      entityId: payoutId,
      before,
      after: { ...pay(changes), reviewReason: null, reviewedAt: reviewedAt.toISOString() },
    });
    return payout.bookingId;
  });
  return {
    message: 'Payout reviewed',
    booking: await adminBooking(db, bookingId),
  };
}
