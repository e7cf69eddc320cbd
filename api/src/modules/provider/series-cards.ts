import type { SeriesVisit } from '@twinclean/shared/series';
import type { Knex } from 'knex';
import { seriesVisitsOf } from '../series/visit-label';

/**
 * Each job's place in its client's series ("Every 2 weeks · 5th visit"), null for a one-time job:
 * one query for the whole list, so a board of 200 cards asks once.
 */
export async function seriesOfJobs(
  db: Knex,
  ids: string[],
): Promise<(id: string) => SeriesVisit | null> {
  const visits = ids.length === 0 ? new Map<string, SeriesVisit>() : await seriesVisitsOf(db, ids);
  return (id) => visits.get(id) ?? null;
}
