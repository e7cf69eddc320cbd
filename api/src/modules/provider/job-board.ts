import { centsToDollars } from '@twinclean/shared/money';
import { type OpenJob, openJobSchema } from '@twinclean/shared/provider-jobs';
import type { Knex } from 'knex';
import { AppError, notFound } from '../../errors';
import { AvailabilitySlot } from '../../models/availability-slot';
import { Booking } from '../../models/booking';
import { loadPricing } from '../pricing/service';

/** The provider's view of a booking: their pay (hours × provider rate), never the client's price. */
export function toOpenJob(booking: Booking, providerRateCents: number): OpenJob {
  const hours = booking.totalHours ?? null;
  return openJobSchema.parse({
    id: booking.id,
    serviceType: booking.serviceType,
    homeSize: booking.houseDetails?.homeSize ?? null,
    totalAmount: hours === null ? null : centsToDollars(Math.round(hours * providerRateCents)),
    city: booking.city,
    state: booking.state,
    address: booking.address,
    scheduledDate: booking.scheduledDate,
    scheduledTime: booking.scheduledTime,
    totalHours: hours,
    hourlyRate: centsToDollars(providerRateCents),
    greenCleaning: booking.greenCleaning,
    clientNotes: booking.clientNotes,
  });
}

/** The soonest jobs a board shows: enough for any day's choices, small enough for a phone. */
export const BOARD_LIMIT = 200;

/**
 * Open jobs (no provider, not canceled, still ahead) that fit inside one of the provider's
 * active availability slots, soonest first; every open job when the provider has set none
 * (the app then suggests setting some). The slot check runs in SQL so the board stays fast
 * however many bookings there are.
 */
export async function jobBoard(providerId: string, now = new Date()): Promise<OpenJob[]> {
  const [{ providerHourlyRateCents }, slotCount] = await Promise.all([
    loadPricing(),
    AvailabilitySlot.query().where({ providerId, isActive: true }).resultSize(),
  ]);
  const query = Booking.query()
    .modify('openJobs', now)
    .withGraphFetched('houseDetails')
    .limit(BOARD_LIMIT);
  if (slotCount > 0) {
    query.whereExists(
      AvailabilitySlot.query()
        .where({ providerId, isActive: true })
        .whereRaw('availability_slots.day_of_week = extract(dow FROM bookings.scheduled_date)')
        .whereRaw('availability_slots.start_time <= bookings.scheduled_time')
        .whereRaw(
          "to_char(bookings.scheduled_time::time + make_interval(mins => round(coalesce(bookings.total_hours, 0) * 60)::int), 'HH24:MI') <= availability_slots.end_time",
        ),
    );
  }
  return (await query).map((job) => toOpenJob(job, providerHourlyRateCents));
}

/** First come, first served: one conditional UPDATE, so exactly one of any concurrent accepts wins. */
export async function acceptJob(db: Knex, providerId: string, bookingId: string): Promise<OpenJob> {
  const taken = await db('bookings')
    .where({ id: bookingId })
    .whereNull('providerId')
    .whereNull('canceledAt')
    .where('scheduledAt', '>', db.fn.now())
    .update({ providerId, assignedAt: db.fn.now(), updatedAt: db.fn.now() }, ['id']);
  if (taken.length === 0) {
    if (!(await Booking.query().findById(bookingId))) throw notFound('Job');
    throw new AppError(409, 'job_unavailable', 'This job may no longer be available.');
  }
  const booking = await Booking.query()
    .findById(bookingId)
    .withGraphFetched('houseDetails')
    .throwIfNotFound();
  return toOpenJob(booking, (await loadPricing()).providerHourlyRateCents);
}
