import type { AdminRating, AdminRatingPage, AdminRatingsQuery } from '@twinclean/shared/ratings';
import type { Knex } from 'knex';
import { audit } from '../../core/audit';
import { fullNameSql } from '../../core/sql';
import { notFound } from '../../errors';
import { ratingSummary } from './summary';

type AdminRatingRow = {
  id: string;
  bookingId: string;
  stars: number;
  comment: string;
  createdAt: Date;
  clientName: string;
  commentHiddenAt: Date | null;
  commentHiddenByName: string | null;
};

/** Ratings with who gave them (the booking's name: a guest has no account) and who hid what. */
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

const toAdminRating = (row: AdminRatingRow): AdminRating => ({
  id: row.id,
  bookingId: row.bookingId,
  stars: row.stars,
  comment: row.comment,
  createdAt: row.createdAt.toISOString(),
  clientName: row.clientName,
  commentHiddenAt: row.commentHiddenAt?.toISOString() ?? null,
  commentHiddenBy: row.commentHiddenAt ? (row.commentHiddenByName ?? null) : null,
});

/** GET /api/admin/providers/{id}/ratings: newest first, a page at a time, with their rating. */
export async function providerRatings(
  db: Knex,
  providerId: string,
  { page, pageSize }: AdminRatingsQuery,
): Promise<AdminRatingPage> {
  const provider = await db('users').where({ id: providerId, role: 'provider' }).first('id');
  if (!provider) throw notFound('Provider');
  const [rows, summary] = await Promise.all([
    ratingRows(db)
      .where('r.providerId', providerId)
      .orderBy([
        { column: 'r.createdAt', order: 'desc' },
        { column: 'r.id', order: 'desc' },
      ])
      .limit(pageSize)
      .offset((page - 1) * pageSize) as Promise<AdminRatingRow[]>,
    ratingSummary(db, providerId),
  ]);
  return {
    items: rows.map(toAdminRating),
    page,
    pageSize,
    total: summary.ratedJobs,
    ...summary,
  };
}

/**
 * POST /api/admin/ratings/{id}/hide and /show: an admin hides an abusive comment from everyone
 * but admins, or shows it again. The stars still count either way. Asking for what already holds
 * changes nothing and records nothing, so a retry is harmless; a change is audited with it.
 */
export async function setCommentHidden(
  db: Knex,
  actorId: string,
  id: string,
  hidden: boolean,
): Promise<AdminRating> {
  await db.transaction(async (trx) => {
    const rating = await trx('ratings')
      .where({ id })
      .forUpdate()
      .first('commentHiddenAt', 'commentHiddenBy');
    if (!rating) throw notFound('Rating');
    if ((rating.commentHiddenAt !== null) === hidden) return;
    const after = hidden
      ? { commentHiddenAt: new Date(), commentHiddenBy: actorId }
      : { commentHiddenAt: null, commentHiddenBy: null };
    await trx('ratings').where({ id }).update(after);
    await audit(trx, {
      actorId,
      action: hidden ? 'rating.hide_comment' : 'rating.show_comment',
      entity: 'rating',
      entityId: id,
      before: {
        commentHiddenAt: rating.commentHiddenAt?.toISOString() ?? null,
        commentHiddenBy: rating.commentHiddenBy,
      },
      after: {
        commentHiddenAt: after.commentHiddenAt?.toISOString() ?? null,
        commentHiddenBy: after.commentHiddenBy,
      },
    });
  });
  const row = (await ratingRows(db).where('r.id', id).first()) as AdminRatingRow;
  return toAdminRating(row);
}
