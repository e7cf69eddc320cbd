import { VIP_MIN_RATED_JOBS, VIP_MIN_RATING } from '@twinclean/shared/admin-people';
import type { Knex } from 'knex';
import { ratingLateral } from '../ratings/summary.sql';

// Who is VIP (DECISIONS.md "Admin operations"; isVip in shared/src/admin-people.ts), in SQL for
// the board, the accept and the alerts: marked by an admin, or rated ≥ 4.8 over ≥ 10 rated jobs
// by the ratings module's one definition of a rating.

/** `vip` (boolean) of the users row aliased `user`; joins the rating as `vip_rating`. */
export const vipOf = (user: string) => `(
  SELECT ${user}.vip_marked_at IS NOT NULL
    OR (vip_rating.rated_jobs >= ${VIP_MIN_RATED_JOBS} AND vip_rating.rating >= ${VIP_MIN_RATING})
  FROM (SELECT 1) one ${ratingLateral(`${user}.id`, 'vip_rating')}
)`;

/** The ids of the users among these who are VIP now (one query, whatever the count). */
export async function vipIdsAmong(db: Knex, userIds: readonly string[]): Promise<string[]> {
  const { rows } = (await db.raw(
    `SELECT u.id FROM users u WHERE u.id = ANY(?::uuid[]) AND ${vipOf('u')}`,
    [[...userIds]],
  )) as { rows: { id: string }[] };
  return rows.map((row) => row.id);
}
