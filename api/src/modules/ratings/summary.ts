import type { Knex } from 'knex';
import { ratingRows } from './summary.sql';

// A provider's rating, in one place (DECISIONS.md "Admin operations"): the average stars of
// their newest 50 ratings, to one decimal, or null (N/A) when they have none; ratedJobs counts
// every rating they ever got. A hidden comment hides its text only: its stars still count.
// Everything that shows a rating or decides VIP by it reads it from here (in SQL: summary.sql.ts,
// whose ratingLateral the admin's provider figures join).

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
  const rows = await ratingRows(db, [...new Set(providerIds)]);
  return new Map(rows.map((row) => [row.id, toRatingSummary(row)]));
}

/** One provider's rating. */
export async function ratingSummary(db: Knex, providerId: string): Promise<RatingSummary> {
  return (await ratingSummaries(db, [providerId])).get(providerId) ?? NO_RATINGS;
}
