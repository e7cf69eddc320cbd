import { finalPriceRefusal } from '@twinclean/shared/final-price';
import { enteredDollarsToCents, formatDollars } from '@twinclean/shared/money';
import { depositCents } from '@twinclean/shared/pricing';
import type { ProviderJob } from '@twinclean/shared/provider-jobs';
import type { Knex } from 'knex';
import { AppError, notFound } from '../../errors';
import { Booking } from '../../models/booking';
import type { AfterCommit, DepositRequests } from '../payments/requests';
import { loadPricing } from '../pricing/service';
import { getJob } from './jobs';

/**
 * Sets a carpet or rug booking's final price after someone saw the work (DECISIONS.md "Special
 * services": the assigned provider, or an admin): the total and the deposit follow it, the
 * estimate the client booked at is kept beside it. The caller holds the booking's row lock, so
 * two confirmations cannot both pass the "not final yet" check. The total includes the
 * green-cleaning fee, so it must cover it (the base is what is left), and it can never fall below
 * what the client has already paid. Answers the deposit request to send once this commits.
 */
export async function setFinalPrice(
  trx: Knex.Transaction,
  deposits: DepositRequests,
  booking: Booking,
  totalAmount: string,
): Promise<AfterCommit | null> {
  const totalCents = enteredDollarsToCents(totalAmount);
  const refused = finalPriceRefusal(booking);
  if (refused) throw new AppError(409, refused.code, refused.message);
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
  return deposits.due(trx, booking.id);
}

/** The assigned provider confirms their carpet or rug job's final price from the job page. */
export async function confirmFinalPrice(
  db: Knex,
  deposits: DepositRequests,
  providerId: string,
  bookingId: string,
  totalAmount: string,
): Promise<ProviderJob> {
  const askForDeposit = await db.transaction(async (trx) => {
    const booking = await Booking.query(trx).findOne({ id: bookingId, providerId }).forUpdate();
    if (!booking) throw notFound('Job');
    return setFinalPrice(trx, deposits, booking, totalAmount);
  });
  await askForDeposit?.();
  return getJob(providerId, bookingId);
}
