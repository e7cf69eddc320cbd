import type { Knex } from 'knex';

// A provider's rating in SQL (the rule: summary.ts): the average stars of their newest
// RATING_WINDOW ratings, to one decimal, and how many ratings they ever got.

/** How many of a provider's newest ratings their rating averages. */
export const RATING_WINDOW = 50;

/**
 * A LATERAL join giving `rating` (numeric or null) and `rated_jobs` (int) of the provider whose
 * id is the SQL expression `providerId`, as `alias`. Both read the index
 * ratings_by_provider_newest alone: 50 entries and a count, however many ratings exist.
 */
export const ratingLateral = (providerId: string, alias = 'r') => `LEFT JOIN LATERAL (
    SELECT
      (SELECT round(avg(last.stars), 1) FROM (
        SELECT stars FROM ratings WHERE provider_id = ${providerId}
        ORDER BY created_at DESC, id DESC LIMIT ${RATING_WINDOW}) last) AS rating,
      (SELECT count(*)::int FROM ratings WHERE provider_id = ${providerId}) AS rated_jobs
  ) ${alias} ON true`;

export type RatingRow = { id: string; rating: number | string | null; ratedJobs: number };

/** One row per provider id given (numerics arrive as numbers or strings), in one query. */
export async function ratingRows(db: Knex, providerIds: readonly string[]): Promise<RatingRow[]> {
  const { rows } = (await db.raw(
    `SELECT p.id, r.rating, r.rated_jobs AS "ratedJobs" FROM unnest(?::uuid[]) AS p(id) ${ratingLateral('p.id')}`,
    [[...providerIds]],
  )) as { rows: RatingRow[] };
  return rows;
}
