import { frequencyOfWeeks, type SeriesVisit, seriesVisitLabel } from '@twinclean/shared/series';
import type { Knex } from 'knex';
import { Booking } from '../../models/booking';
import { BookingSeries } from '../../models/booking-series';

/**
 * "Every 2 weeks · 5th visit" for each of these bookings that belongs to a series: its rank by
 * planned date among the series' visits not canceled (a skipped visit does not count), or its
 * rank among all of them when it is canceled itself.
 */
export async function seriesVisitsOf(
  db: Knex,
  bookingIds: string[],
): Promise<Map<string, SeriesVisit>> {
  const found = new Map<string, SeriesVisit>();
  if (bookingIds.length === 0) return found;
  const seriesIds = Booking.query(db)
    .whereIn('id', bookingIds)
    .whereNotNull('seriesId')
    .select('seriesId');
  // One after the other: callers may pass a transaction, which runs one query at a time.
  const visits = await Booking.query(db)
    .whereIn('seriesId', seriesIds)
    .select('id', 'seriesId', 'seriesDate', 'canceledAt')
    .orderBy(['seriesDate', 'id']);
  const series = await BookingSeries.query(db)
    .whereIn('id', seriesIds)
    .select('id', 'intervalWeeks');
  const wanted = new Set(bookingIds);
  for (const s of series) {
    const own = visits.filter((v) => v.seriesId === s.id);
    const kept = own.filter((v) => !v.canceledAt);
    const frequency = frequencyOfWeeks(s.intervalWeeks);
    for (const visit of own) {
      if (!wanted.has(visit.id)) continue;
      const among = visit.canceledAt ? own : kept;
      const visitNumber = among.findIndex((v) => v.id === visit.id) + 1;
      found.set(visit.id, {
        seriesId: s.id,
        frequency,
        visitNumber,
        label: seriesVisitLabel(frequency, visitNumber),
      });
    }
  }
  return found;
}
