import type { ActionTerms } from '@twinclean/shared/admin-booking';
import type { Knex } from 'knex';
import { AppError, notFound } from '../../errors';
import { Booking } from '../../models/booking';

/** A lifecycle action the booking's state does not allow now (the reason says why). */
export const refused = (reason: string) => new AppError(409, 'not_allowed', reason);

/** Refuses an action its terms do not allow. */
export const allow = (terms: ActionTerms) => {
  if (!terms.allowed) throw refused(terms.reason);
};

/** The booking, locked for the rest of the transaction: concurrent actions on it queue here. */
export async function lockedBooking(trx: Knex.Transaction, id: string): Promise<Booking> {
  const booking = await Booking.query(trx).findById(id).forUpdate();
  if (!booking) throw notFound('Booking');
  return booking;
}
