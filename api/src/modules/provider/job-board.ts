import { centsToDollars } from '@twinclean/shared/money';
import type { OpenJob } from '@twinclean/shared/provider-jobs';
import type { Knex } from 'knex';
import { prepared } from '../../db/prepared';
import { AppError, notFound } from '../../errors';
import { Booking, OPEN_JOB_SQL } from '../../models/booking';
import { loadPricing } from '../pricing/service';
import type { JobAlerts } from '../push/job-alerts';
import { FITS_SQL, STRETCHES_SQL } from './fit';

/** The columns of a booking a job card is made of. */
const BOARD_FIELDS = [
  'id',
  'serviceType',
  'city',
  'state',
  'address',
  'scheduledDate',
  'scheduledTime',
  'totalHours',
  'greenCleaning',
  'clientNotes',
] as const;
type CardFields = Pick<Booking, (typeof BOARD_FIELDS)[number]>;

/**
 * The provider's view of a booking: their pay (hours × provider rate), never the client's price.
 * Built field by field from typed columns (no row reaches the phone as it is), so the card is an
 * OpenJob by construction; it is not parsed again here, where a board builds 200 of them per
 * request (the provider app parses what it receives).
 */
export function toOpenJob(
  booking: CardFields & Pick<Booking, 'houseDetails'>,
  providerRateCents: number,
  homeSize = booking.houseDetails?.homeSize ?? null,
): OpenJob {
  const hours = booking.totalHours ?? null;
  return {
    id: booking.id,
    serviceType: booking.serviceType,
    homeSize,
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
  };
}

/** The soonest jobs a board shows: enough for any day's choices, small enough for a phone. */
export const BOARD_LIMIT = 200;

/**
 * Open jobs (OPEN_JOB_SQL) that fit inside one of the provider's active availability stretches
 * (fit.ts), soonest first; every open job when the provider has set none (the app then suggests
 * setting some). Only what a card shows, the home size joined in and the provider's rate from
 * the pricing row. One statement, the same text on every call: prepared once per connection, no
 * query building per request (the board is the provider app's busiest read), and PostgreSQL
 * reads the open-jobs index in date order and stops at the limit.
 */
const BOARD_SQL = `
  WITH slots AS (
    SELECT provider_id, day_of_week, start_time, end_time
    FROM availability_slots WHERE provider_id = :providerId AND is_active
  ), stretches AS (${STRETCHES_SQL})
  SELECT bookings.id, bookings.service_type AS "serviceType", bookings.city, bookings.state,
    bookings.address, bookings.scheduled_date AS "scheduledDate",
    bookings.scheduled_time AS "scheduledTime", bookings.total_hours AS "totalHours",
    bookings.green_cleaning AS "greenCleaning", bookings.client_notes AS "clientNotes",
    house.home_size AS "homeSize",
    (SELECT provider_hourly_rate_cents FROM pricing_config WHERE id = 1) AS "providerRateCents"
  FROM bookings LEFT JOIN house_cleaning_details house ON house.booking_id = bookings.id
  WHERE ${OPEN_JOB_SQL}
    AND (NOT EXISTS (SELECT 1 FROM slots)
      OR EXISTS (SELECT 1 FROM stretches WHERE ${FITS_SQL}))
  ORDER BY bookings.scheduled_at
  LIMIT ${BOARD_LIMIT}`;

export async function jobBoard(providerId: string, now = new Date()): Promise<OpenJob[]> {
  // Rows, not model instances: 200 cards are read, shaped and sent, never saved.
  const { rows } = (await Booking.knex()
    .raw(BOARD_SQL, { providerId, now })
    .options(prepared('job-board'))) as { rows: BoardRow[] };
  return rows.map((job) => toOpenJob(job, job.providerRateCents, job.homeSize));
}

type BoardRow = CardFields & { homeSize: OpenJob['homeSize']; providerRateCents: number };

/**
 * First come, first served: one conditional UPDATE, so exactly one of any concurrent accepts
 * wins; the others' job alerts are queued with it.
 */
export async function acceptJob(
  db: Knex,
  alerts: JobAlerts,
  providerId: string,
  bookingId: string,
): Promise<OpenJob> {
  await alerts.ready();
  const taken = await db.transaction(async (trx) => {
    const rows = await trx('bookings')
      .where({ id: bookingId })
      .whereNull('providerId')
      .whereNull('canceledAt')
      .where('scheduledAt', '>', trx.fn.now())
      .update({ providerId, assignedAt: trx.fn.now(), updatedAt: trx.fn.now() }, ['id']);
    if (rows.length > 0) await alerts.taken(bookingId, providerId, trx);
    return rows;
  });
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
