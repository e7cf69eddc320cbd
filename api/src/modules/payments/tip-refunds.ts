import type { Knex } from 'knex';
import { Payout } from '../../models/payout';

/**
 * A tip is none of the booking's money (modules/tips records it on the visit's payout): refunding
 * part or all of one lowers that payout's tip line, in the refund's transaction, never below
 * nothing. Called after the booking's lock, as recording the tip takes it.
 */
export async function lowerTipLine(
  trx: Knex.Transaction,
  bookingId: string,
  refundedCents: number,
): Promise<void> {
  const payout = await Payout.query(trx).findOne({ bookingId }).forUpdate();
  if (!payout) return;
  await payout.$query(trx).patch({ tipCents: Math.max(0, payout.tipCents - refundedCents) });
}
