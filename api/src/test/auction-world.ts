import { addDays, chicagoDate, chicagoInstant } from '@twinclean/shared/schedule';
import type { Knex } from 'knex';
import { bookingRow } from './fixtures';

/**
 * The auction board's resources for the access-matrix and fuzz tests: an open job nobody has
 * posted yet, and a live post of another open job.
 */
export async function auctionWorld(db: Knex) {
  const start = chicagoInstant(addDays(chicagoDate(new Date()), 2), '11:00');
  const [unposted, posted] = await db('bookings')
    .insert([bookingRow(start), bookingRow(start)])
    .returning('id');
  const [post] = await db('auctionPosts')
    .insert({ bookingId: posted.id, bonusCents: 2500, vipUntil: new Date(Date.now() + 3_600_000) })
    .returning('id');
  return { auction: { unposted: unposted.id as string, post: post.id as string } };
}
