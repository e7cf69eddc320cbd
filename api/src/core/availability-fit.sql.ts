import type { Knex } from 'knex';

// The one rule for "this job fits this provider's week", in SQL, for the job board (one
// provider, many jobs) and the job alerts (one job, many providers): a provider's active slots
// of one day that touch or overlap are one stretch (08:00–12:00 and 12:00–16:00 take a
// 10:00–14:00 job), and a job fits a stretch when it starts inside it and ends by its end.

/**
 * The stretches of the slots in a `slots` CTE (provider_id, day_of_week, start_time, end_time):
 * each slot starts a new stretch unless an earlier one of that day reaches its start.
 */
export const STRETCHES_SQL = `
  SELECT provider_id, day_of_week, min(start_time) AS start_time, max(end_time) AS end_time
  FROM (
    SELECT *, sum(starts) OVER (
      PARTITION BY provider_id, day_of_week ORDER BY start_time, end_time ROWS UNBOUNDED PRECEDING
    ) AS stretch
    FROM (
      SELECT provider_id, day_of_week, start_time, end_time,
        CASE WHEN start_time <= max(end_time) OVER (
          PARTITION BY provider_id, day_of_week ORDER BY start_time, end_time
          ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING
        ) THEN 0 ELSE 1 END AS starts
      FROM slots
    ) marked
  ) numbered
  GROUP BY provider_id, day_of_week, stretch`;

/** A `bookings` row fits a `stretches` row: it starts inside it and ends by its end. */
export const FITS_SQL = `stretches.day_of_week = bookings.scheduled_day_of_week
  AND bookings.scheduled_time >= stretches.start_time
  AND bookings.scheduled_time < stretches.end_time
  AND bookings.scheduled_end_time <= stretches.end_time`;

/**
 * The providers (`provider_id`) of these slots (a query answering provider_id, day_of_week,
 * start_time and end_time) whose stretches this booking fits: a subquery, run where it is used.
 */
export function providersFitting(
  db: Knex,
  slots: Knex.QueryBuilder,
  bookingId: string,
): Knex.QueryBuilder {
  return db
    .with('slots', slots)
    .with('stretches', db.raw(STRETCHES_SQL))
    .from('stretches')
    .join('bookings', (on) => on.onVal('bookings.id', bookingId))
    .whereRaw(FITS_SQL)
    .select('stretches.providerId');
}

/** Whether this booking fits one of the provider's active stretches (false when they have none). */
export async function fitsProviderWeek(
  db: Knex,
  providerId: string,
  bookingId: string,
): Promise<boolean> {
  const slots = db('availabilitySlots')
    .select('providerId', 'dayOfWeek', 'startTime', 'endTime')
    .where({ providerId, isActive: true });
  return (await providersFitting(db, slots, bookingId).first()) !== undefined;
}
