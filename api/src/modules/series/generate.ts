import { addDays, chicagoDate, chicagoInstant } from '@twinclean/shared/schedule';
import { SERIES_WINDOW_DAYS } from '@twinclean/shared/series';
import { UniqueViolationError } from 'objection';
import { queueMail } from '../../adapters/mailer';
import { loadPricing } from '../../core/pricing';
import { Booking } from '../../models/booking';
import { BookingSeries } from '../../models/booking-series';
import { Home } from '../../models/home';
import { User } from '../../models/user';
import type { SeriesDeps } from './deps';
import { seriesDetailsSchema } from './details';
import { plannedDates } from './planned-dates';
import { regularProviderFits } from './regular-provider';
import { regularVisitEmail } from './regular-visit-email';
import { visitGraph } from './visit-graph';

/** The booking_series unique index: this series already has a visit on this date. */
const alreadyPlanned = (error: unknown) =>
  error instanceof UniqueViolationError && error.constraint === 'bookings_series_visit';

/** Whether the series, read afresh, still plans a visit on this date. */
const stillPlanned = (series: BookingSeries, date: string) =>
  series.canceledAt === null &&
  (series.pausedUntil === null || series.pausedUntil <= date) &&
  plannedDates(series.anchorDate, series.intervalWeeks, date, date).includes(date);

/**
 * Plans one visit in its own transaction: inserted unless the series has one on that date (a
 * visit skipped or canceled keeps its row, so it is never planned again), then given to the
 * regular provider when it fits their week, else opened on the job board. Answers the mail to
 * deliver, or false when the visit existed.
 */
async function planVisit(deps: SeriesDeps, planning: BookingSeries, date: string) {
  return deps.db.transaction(async (trx) => {
    // The series as it is now, held against changes until this visit is in: a client's new day,
    // pause or cancel (which lock it to change it) made while this run went on must not meet a
    // visit planned from the rhythm read at the run's start.
    const series = await BookingSeries.query(trx).findById(planning.id).forShare();
    if (!series || !stillPlanned(series, date)) return false;
    const home = await Home.query(trx).findById(series.homeId).throwIfNotFound();
    const client = await User.query(trx).findById(series.clientId).throwIfNotFound();
    const graph = await visitGraph(trx, {
      series,
      details: seriesDetailsSchema.parse(series.details),
      home,
      date,
      subscription: client.subscriptionType,
      config: await loadPricing(trx),
    });
    // A savepoint: a concurrent run that planned the date first makes this one a no-op (the
    // unique index waits for its commit), like ON CONFLICT (series_id, series_date) DO NOTHING.
    const visit = await trx
      .transaction(async (savepoint) => Booking.query(savepoint).insertGraph(graph))
      .catch((error: unknown) => {
        if (alreadyPlanned(error)) return null;
        throw error;
      });
    if (!visit) return false;
    const regular = series.regularProviderId
      ? await User.query(trx).findById(series.regularProviderId)
      : undefined;
    // A deactivated provider cannot sign in to do it: the board gets it.
    if (regular && !regular.deactivatedAt && (await regularProviderFits(trx, regular.id, visit))) {
      await visit.$query(trx).patch({ providerId: regular.id, assignedAt: new Date() });
      return queueMail(trx, regularVisitEmail(regular, visit));
    }
    await deps.alerts.opened(visit.id, trx);
    return null;
  });
}

/**
 * Creates each active series' missing visits (or one series'), from today in Chicago through
 * the booking window (SERIES_WINDOW_DAYS), none before its pause ends nor already past.
 * Idempotent: any number of runs and workers create each visit once. One series that fails
 * (a home deleted, details unreadable) is logged and does not stop the others.
 */
export async function generateSeriesVisits(
  deps: SeriesDeps,
  now: Date,
  seriesId?: string,
): Promise<{ created: number }> {
  const today = chicagoDate(now);
  const last = addDays(today, SERIES_WINDOW_DAYS);
  const active = await BookingSeries.query(deps.db)
    .whereNull('canceledAt')
    .modify((q) => {
      if (seriesId) q.where('id', seriesId);
    });
  await deps.alerts.ready();
  let created = 0;
  for (const series of active) {
    const from = series.pausedUntil && series.pausedUntil > today ? series.pausedUntil : today;
    const planned = new Set(
      (await Booking.query(deps.db).where({ seriesId: series.id }).select('seriesDate')).map(
        (b) => b.seriesDate,
      ),
    );
    const dates = plannedDates(series.anchorDate, series.intervalWeeks, from, last).filter(
      (date) => !planned.has(date) && chicagoInstant(date, series.scheduledTime) > now,
    );
    for (const date of dates) {
      try {
        const mail = await planVisit(deps, series, date);
        if (mail === false) continue;
        created += 1;
        if (mail) await deps.mailer.deliver(mail);
      } catch (error) {
        deps.logger.error({ err: error, seriesId: series.id, date }, 'series visit not planned');
        break;
      }
    }
  }
  return { created };
}
