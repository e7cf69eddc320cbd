import { deriveBookingStatus } from '@twinclean/shared/booking-status';
import { chicagoDate } from '@twinclean/shared/schedule';
import {
  type ClientSeries,
  FREQUENCY_LABELS,
  frequencyOfWeeks,
  pauseInEffect,
} from '@twinclean/shared/series';
import { seriesDiscountPercent } from '@twinclean/shared/series-pricing';
import type { Knex } from 'knex';
import { loadPricing } from '../../core/pricing';
import { notFound } from '../../errors';
import { Booking } from '../../models/booking';
import { BookingSeries } from '../../models/booking-series';
import { Home } from '../../models/home';
import { User } from '../../models/user';
import { seriesVisitsOf } from '../series/visit-label';
import { weekdayOf } from './visits';

// GET /api/series and /api/series/:id: a client's series as their page shows it.

async function toClientSeries(db: Knex, series: BookingSeries, now: Date): Promise<ClientSeries> {
  const [home, provider, client, pricing] = await Promise.all([
    Home.query(db).findById(series.homeId),
    series.regularProviderId ? User.query(db).findById(series.regularProviderId) : undefined,
    User.query(db).findById(series.clientId),
    loadPricing(db),
  ]);
  const visits = await Booking.query(db)
    .where({ seriesId: series.id })
    .where('scheduledDate', '>=', chicagoDate(now))
    .orderBy('scheduledAt');
  const labels = await seriesVisitsOf(
    db,
    visits.map((v) => v.id),
  );
  const frequency = frequencyOfWeeks(series.intervalWeeks);
  return {
    id: series.id,
    serviceType: series.serviceType,
    frequency,
    label: FREQUENCY_LABELS[frequency],
    weekday: weekdayOf(series.anchorDate),
    scheduledTime: series.scheduledTime,
    home: {
      id: series.homeId,
      label: home?.label ?? '',
      address: home ? `${home.address}, ${home.city}` : '',
    },
    regularProviderFirstName: provider?.firstName ?? null,
    // Members keep the member rate and get no series discount (DECISIONS.md "Recurring visits").
    discountPercent: seriesDiscountPercent(pricing, frequency, client?.subscriptionType ?? 'none'),
    pausedUntil: pauseInEffect(series.pausedUntil, chicagoDate(now)),
    canceledAt: series.canceledAt?.toISOString() ?? null,
    upcoming: visits.map((v) => ({
      bookingId: v.id,
      scheduledDate: v.scheduledDate,
      scheduledTime: v.scheduledTime,
      status: deriveBookingStatus(v),
      visitNumber: labels.get(v.id)?.visitNumber ?? 0,
      withRegularProvider: v.providerId !== null && v.providerId === series.regularProviderId,
    })),
  };
}

export async function listClientSeries(db: Knex, clientId: string, now = new Date()) {
  const all = await BookingSeries.query(db).where({ clientId }).orderBy('createdAt', 'desc');
  const series = [];
  for (const s of all) series.push(await toClientSeries(db, s, now));
  return { series };
}

export async function getClientSeries(db: Knex, clientId: string, id: string, now = new Date()) {
  const series = await BookingSeries.query(db).findOne({ id, clientId });
  if (!series) throw notFound('Recurring cleaning');
  return toClientSeries(db, series, now);
}
