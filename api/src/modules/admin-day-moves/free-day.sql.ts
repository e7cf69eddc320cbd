import type { Knex } from 'knex';
import { FITS_SQL, STRETCHES_SQL } from '../../core/availability-fit.sql';

// Where a moved visit goes (issue 31 "Move a day"): the first of some candidate days on which its
// provider's week covers the same time, by the board's one rule (core/availability-fit.sql.ts;
// a provider with no active slots takes any time), and no other job of theirs overlaps it.

/**
 * The first of `dates` (YYYY-MM-DD, in order) on which the provider is free at the booking's
 * time (its start to its end), not counting the booking itself; null when none is.
 */
export async function firstFreeDay(
  db: Knex,
  providerId: string,
  bookingId: string,
  dates: readonly string[],
): Promise<string | null> {
  // A CTE named `bookings` stands for the booking on each candidate day, so FITS_SQL reads it.
  const { rows } = (await db.raw(
    `WITH slots AS (
       SELECT provider_id, day_of_week, start_time, end_time
       FROM availability_slots WHERE provider_id = :providerId AND is_active
     ),
     stretches AS (${STRETCHES_SQL}),
     bookings AS (
       SELECT day.value AS scheduled_date,
         extract(dow FROM day.value)::smallint AS scheduled_day_of_week,
         b.scheduled_time, b.scheduled_end_time, day.ordinality
       FROM public.bookings b, unnest(CAST(:dates AS date[])) WITH ORDINALITY AS day(value, ordinality)
       WHERE b.id = :bookingId
     )
     SELECT to_char(bookings.scheduled_date, 'YYYY-MM-DD') AS day FROM bookings
     WHERE (NOT EXISTS (SELECT 1 FROM slots) OR EXISTS (SELECT 1 FROM stretches WHERE ${FITS_SQL}))
       AND NOT EXISTS (
         SELECT 1 FROM public.bookings other
         WHERE other.provider_id = :providerId AND other.id <> :bookingId
           AND other.canceled_at IS NULL
           AND other.scheduled_date = bookings.scheduled_date
           AND other.scheduled_time < bookings.scheduled_end_time
           AND other.scheduled_end_time > bookings.scheduled_time
       )
     ORDER BY bookings.ordinality LIMIT 1`,
    { providerId, bookingId, dates: [...dates] },
  )) as { rows: { day: string }[] };
  return rows[0]?.day ?? null;
}
