import type { ProviderJob } from '@twinclean/shared/provider-jobs';
import type { Knex } from 'knex';
import { notFound } from '../../errors';
import { Booking } from '../../models/booking';
import { confirmFinalPrice, type PriceDeps } from '../final-price/service';
import { getJob } from './jobs';

/**
 * The assigned provider confirms their carpet or rug job's final price from the job page
 * (DECISIONS.md "Special services", "Final price consent"): near the estimate it takes effect
 * and the deposit request follows; further away the client is asked to approve it first.
 */
export async function confirmJobPrice(
  db: Knex,
  deps: PriceDeps,
  providerId: string,
  bookingId: string,
  totalAmount: string,
): Promise<ProviderJob> {
  const { afterCommit } = await db.transaction(async (trx) => {
    const booking = await Booking.query(trx).findOne({ id: bookingId, providerId }).forUpdate();
    if (!booking) throw notFound('Job');
    return confirmFinalPrice(trx, deps, booking, totalAmount, {
      by: 'provider',
      userId: providerId,
    });
  });
  await afterCommit?.();
  return getJob(providerId, bookingId);
}
