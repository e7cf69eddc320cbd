import { addDays, chicagoDate, chicagoInstant } from '@twinclean/shared/schedule';
import type { Knex } from 'knex';
import { visitMoveTokens } from '../modules/visit-moves/tokens';
import { bookingRow } from './fixtures';

/**
 * "Move a day" for the access-matrix and fuzz tests: a date ahead with a guest's visit to move,
 * and an earlier move whose link is still unanswered. A link shows its visit to whoever holds
 * it, and the day's visits are every client's (the owner's page), so none carries a secret.
 */
export async function dayMovesWorld(db: Knex) {
  const today = chicagoDate(new Date());
  const date = addDays(today, 5);
  await db('bookings').insert(bookingRow(chicagoInstant(date, '10:00')));
  const from = addDays(today, 6);
  const to = addDays(today, 7);
  const [moved] = await db('bookings')
    .insert(bookingRow(chicagoInstant(to, '09:00')))
    .returning('id');
  const [day] = await db('dayMoves')
    .insert({ movedDate: from, reason: 'Snow day' })
    .returning('id');
  const [move] = await db('visitMoves')
    .insert({
      dayMoveId: day.id,
      bookingId: moved.id,
      fromDate: from,
      fromTime: '09:00',
      proposedDate: to,
      proposedTime: '09:00',
    })
    .returning('id');
  return { date, id: day.id as string, token: (await visitMoveTokens(db))(move.id) };
}
