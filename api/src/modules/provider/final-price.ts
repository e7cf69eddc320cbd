import { priceCents } from '@twinclean/shared/final-price';
import { formatDollars } from '@twinclean/shared/money';
import { depositCents } from '@twinclean/shared/pricing';
import { hasPriceToConfirm, type ProviderJob } from '@twinclean/shared/provider-jobs';
import type { Knex } from 'knex';
import { AppError, notFound } from '../../errors';
import { Booking } from '../../models/booking';
import type { DepositRequests } from '../payments/requests';
import { loadPricing } from '../pricing/service';
import { getJob } from './jobs';

const conflict = (code: string, message: string) => new AppError(409, code, message);

/** Why this job's price cannot be confirmed now, if it cannot. */
function refusal(booking: Booking): AppError | null {
  if (!hasPriceToConfirm(booking.serviceType)) {
    return conflict(
      'price_not_confirmable',
      'Only carpet and rug cleaning prices are confirmed after pickup; this job’s price is set.',
    );
  }
  if (booking.canceledAt) return conflict('job_canceled', 'This job was canceled.');
  if (booking.clockOutAt) {
    return conflict('job_completed', 'This job is completed; its price can no longer change.');
  }
  if (booking.priceIsFinal) {
    return conflict('price_already_final', 'The final price of this job is already confirmed.');
  }
  return null;
}

/**
 * The assigned provider confirms a carpet or rug job's final price after seeing the work
 * (DECISIONS.md "Special services"): the total and the deposit follow it, the estimate the
 * client booked at is kept beside it. The row is locked, so two confirmations cannot both pass
 * the "not final yet" check. The total includes the green-cleaning fee, so it must cover it
 * (the base is what is left), and it can never fall below what the client has already paid.
 */
export async function confirmFinalPrice(
  db: Knex,
  deposits: DepositRequests,
  providerId: string,
  bookingId: string,
  totalAmount: string,
): Promise<ProviderJob> {
  const totalCents = priceCents(totalAmount);
  const askForDeposit = await db.transaction(async (trx) => {
    const booking = await Booking.query(trx).findOne({ id: bookingId, providerId }).forUpdate();
    if (!booking) throw notFound('Job');
    const refused = refusal(booking);
    if (refused) throw refused;
    const fees = booking.greenCleaningFeeCents + booking.addOnsTotalCents;
    if (totalCents < fees) {
      throw new AppError(
        400,
        'price_below_fees',
        `The final price must cover the green cleaning fee of ${formatDollars(fees)}.`,
      );
    }
    if (totalCents < booking.amountPaidCents) {
      throw new AppError(
        400,
        'price_below_paid',
        `The client has already paid ${formatDollars(booking.amountPaidCents)}; the final price cannot be less.`,
      );
    }
    const config = await loadPricing(trx);
    await booking.$query(trx).patch({
      baseAmountCents: totalCents - fees,
      totalAmountCents: totalCents,
      // A booking from before estimates were kept: its price until now was the estimate.
      estimatedAmountCents: booking.estimatedAmountCents ?? booking.totalAmountCents,
      depositAmountCents: depositCents(totalCents, booking.subscriptionType, config),
      priceIsFinal: true,
    });
    // The deposit request follows the confirmed price (DECISIONS.md "Special services").
    return deposits.due(trx, bookingId);
  });
  await askForDeposit?.();
  return getJob(providerId, bookingId);
}
