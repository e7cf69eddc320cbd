import type { Knex } from 'knex';
import { providerStillFits } from '../../core/availability-fit';
import { Booking } from '../../models/booking';
import { BookingSeries, SeriesEvent } from '../../models/booking-series';
import type { JobAlerts } from '../push/job-alerts';

/** The visit's hours overlap another job of this provider's that day (not canceled). */
async function overlapsAJob(db: Knex, providerId: string, visitId: string): Promise<boolean> {
  // The stored end time (a generated 'HH:MI' column) is not declared on the model.
  const visit = (await Booking.query(db)
    .findById(visitId)
    .select('scheduledDate', 'scheduledTime', 'scheduledEndTime')) as
    | (Booking & { scheduledEndTime: string })
    | undefined;
  if (!visit) return false;
  const clash = await Booking.query(db)
    .where({ providerId, scheduledDate: visit.scheduledDate })
    .whereNot('id', visitId)
    .whereNull('canceledAt')
    .where('scheduledTime', '<', visit.scheduledEndTime)
    .where('scheduledEndTime', '>', visit.scheduledTime)
    .select('id')
    .first();
  return clash !== undefined;
}

/**
 * Whether the regular provider can be given this visit directly: their week covers it (the
 * board's availability rule) and they have no other job at that time.
 */
export async function regularProviderFits(
  db: Knex,
  providerId: string,
  visit: Booking,
): Promise<boolean> {
  if (!(await providerStillFits(db, providerId, visit.id))) return false;
  return !(await overlapsAJob(db, providerId, visit.id));
}

/**
 * A provider got a series visit (their accept, an admin's assignment), in that transaction:
 * when the series has no regular provider yet they become it (a conditional UPDATE: of two
 * concurrent claims one wins), and the series' later visits already planned and still open
 * that fit their week become theirs. Answers those visits' ids (none when nothing changed).
 */
export async function claimRegularProvider(
  trx: Knex.Transaction,
  bookingId: string,
  providerId: string,
  alerts?: JobAlerts,
): Promise<string[]> {
  const visit = await Booking.query(trx).findById(bookingId);
  if (!visit?.seriesId) return [];
  const claimed = await BookingSeries.query(trx)
    .patch({ regularProviderId: providerId })
    .where({ id: visit.seriesId })
    .whereNull('regularProviderId')
    .whereNull('canceledAt');
  if (claimed === 0) return [];
  await SeriesEvent.query(trx).insert({
    seriesId: visit.seriesId,
    bookingId,
    actorId: providerId,
    kind: 'regular_provider',
    summary: 'The provider who took this visit became the regular cleaner.',
  });
  const later = await Booking.query(trx)
    .where({ seriesId: visit.seriesId })
    .whereNull('providerId')
    .whereNull('canceledAt')
    .where('scheduledAt', '>', visit.scheduledAt)
    .orderBy('scheduledAt')
    // A later visit another provider is taking right now is theirs to finish: waiting for it
    // while they wait for this series row would deadlock the two accepts.
    .forUpdate()
    .skipLocked();
  const given: string[] = [];
  for (const next of later) {
    if (!(await regularProviderFits(trx, providerId, next))) continue;
    await next.$query(trx).patch({ providerId, assignedAt: new Date() });
    await alerts?.taken(next.id, providerId, trx);
    given.push(next.id);
  }
  return given;
}
