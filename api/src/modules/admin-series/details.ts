import type { AdminSeriesDetails } from '@twinclean/shared/admin-series';
import { deriveBookingStatus } from '@twinclean/shared/booking-status';
import type { Knex } from 'knex';
import { notFound } from '../../errors';
import { Booking } from '../../models/booking';
import { BookingSeries, SeriesEvent } from '../../models/booking-series';
import { Home } from '../../models/home';
import { namesOf, seriesRows } from './view';

/** GET /api/admin/series/:id: the series, all its visits and its history (newest first). */
export async function seriesDetails(
  db: Knex,
  id: string,
  now = new Date(),
): Promise<AdminSeriesDetails> {
  const series = await BookingSeries.query(db).findById(id);
  if (!series) throw notFound('Series');
  const [[row], home, visits, events] = await Promise.all([
    seriesRows(db, [series], now),
    // The address only: a home's entry notes never reach an admin page.
    Home.query(db).findById(series.homeId).select('address', 'city'),
    Booking.query(db).where({ seriesId: id }).orderBy('seriesDate'),
    SeriesEvent.query(db)
      .where({ seriesId: id })
      .orderBy([
        { column: 'createdAt', order: 'desc' },
        { column: 'id', order: 'desc' },
      ]),
  ]);
  const names = await namesOf(db, [
    ...visits.map((v) => v.providerId),
    ...events.map((e) => e.actorId),
  ]);
  if (!row) throw notFound('Series');
  return {
    series: row,
    address: home ? `${home.address}, ${home.city}` : '',
    cancellationReason: series.cancellationReason,
    visits: visits.map((v) => ({
      bookingId: v.id,
      seriesDate: v.seriesDate ?? v.scheduledDate,
      scheduledDate: v.scheduledDate,
      scheduledTime: v.scheduledTime,
      status: deriveBookingStatus(v),
      provider: v.providerId ? { id: v.providerId, name: names.get(v.providerId) ?? '' } : null,
    })),
    history: events.map((e) => ({
      id: String(e.id),
      at: e.createdAt.toISOString(),
      kind: e.kind,
      summary: e.summary,
      actorName: e.actorId ? (names.get(e.actorId) ?? null) : null,
    })),
  };
}
