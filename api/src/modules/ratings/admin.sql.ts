import type { Knex } from 'knex';
import { fullNameSql } from '../../core/sql';

// The admin's list of a provider's ratings: each with who gave it (the booking's name: a guest has
// no account) and who hid its comment.

export type AdminRatingRow = {
  id: string;
  bookingId: string;
  stars: number;
  comment: string;
  createdAt: Date;
  clientName: string;
  commentHiddenAt: Date | null;
  commentHiddenByName: string | null;
};

const ratingRows = (db: Knex) =>
  db('ratings as r')
    .join('bookings as b', 'b.id', 'r.bookingId')
    .leftJoin('users as hider', 'hider.id', 'r.commentHiddenBy')
    .select(
      'r.id',
      'r.bookingId',
      'r.stars',
      'r.comment',
      'r.createdAt',
      'r.commentHiddenAt',
      db.raw(`${fullNameSql('b', 'client_')} AS client_name`),
      db.raw(`${fullNameSql('hider')} AS comment_hidden_by_name`),
    );

/** One page of the provider's ratings, newest first (the id breaks ties). */
export function providerRatingRows(
  db: Knex,
  providerId: string,
  page: number,
  pageSize: number,
): Promise<AdminRatingRow[]> {
  return ratingRows(db)
    .where('r.providerId', providerId)
    .orderBy([
      { column: 'r.createdAt', order: 'desc' },
      { column: 'r.id', order: 'desc' },
    ])
    .limit(pageSize)
    .offset((page - 1) * pageSize);
}

/** One rating as the list shows it. */
export async function adminRatingRow(db: Knex, id: string): Promise<AdminRatingRow | undefined> {
  return ratingRows(db).where('r.id', id).first();
}
