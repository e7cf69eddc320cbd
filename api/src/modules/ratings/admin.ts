import type { AdminRating, AdminRatingPage, AdminRatingsQuery } from '@twinclean/shared/ratings';
import type { Knex } from 'knex';
import { audit } from '../../core/audit';
import { notFound } from '../../errors';
import { Rating } from '../../models/rating';
import { User } from '../../models/user';
import { type AdminRatingRow, adminRatingRow, providerRatingRows } from './admin.sql';
import { ratingSummary } from './summary';

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
  const provider = await User.query(db).findOne({ id: providerId, role: 'provider' }).select('id');
  if (!provider) throw notFound('Provider');
  const [rows, summary] = await Promise.all([
    providerRatingRows(db, providerId, page, pageSize),
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
    const rating = await Rating.query(trx)
      .findById(id)
      .forUpdate()
      .select('commentHiddenAt', 'commentHiddenBy');
    if (!rating) throw notFound('Rating');
    if ((rating.commentHiddenAt !== null) === hidden) return;
    const after = hidden
      ? { commentHiddenAt: new Date(), commentHiddenBy: actorId }
      : { commentHiddenAt: null, commentHiddenBy: null };
    await Rating.query(trx).findById(id).patch(after);
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
  return toAdminRating((await adminRatingRow(db, id)) as AdminRatingRow);
}
