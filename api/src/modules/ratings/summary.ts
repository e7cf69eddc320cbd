import type { Knex } from 'knex';

// A provider's rating, in one place (DECISIONS.md "Admin operations"): the average stars of
// their newest 50 ratings, to one decimal, or null (N/A) when they have none; ratedJobs counts
// every rating they ever got. A hidden comment hides its text only: its stars still count.
// Everything that shows a rating or decides VIP by it reads it from here.

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

export type RatingSummary = { rating: number | null; ratedJobs: number };

export const NO_RATINGS: RatingSummary = { rating: null, ratedJobs: 0 };

/** The summary from a row that joined ratingLateral (numerics arrive as numbers or strings). */
export const toRatingSummary = (row: {
  rating: number | string | null;
  ratedJobs: number | null;
}): RatingSummary => ({
  rating: row.rating === null ? null : Number(row.rating),
  ratedJobs: row.ratedJobs ?? 0,
});

/** Each provider's rating; every id asked about is in the map (N/A when they have none). */
export async function ratingSummaries(
  db: Knex,
  providerIds: readonly string[],
): Promise<Map<string, RatingSummary>> {
  if (providerIds.length === 0) return new Map();
  const { rows } = (await db.raw(
    `SELECT p.id, r.rating, r.rated_jobs AS "ratedJobs" FROM unnest(?::uuid[]) AS p(id) ${ratingLateral('p.id')}`,
    [[...new Set(providerIds)]],
  )) as { rows: { id: string; rating: number | string | null; ratedJobs: number }[] };
  return new Map(rows.map((row) => [row.id, toRatingSummary(row)]));
}

/** One provider's rating. */
export async function ratingSummary(db: Knex, providerId: string): Promise<RatingSummary> {
  return (await ratingSummaries(db, [providerId])).get(providerId) ?? NO_RATINGS;
}
