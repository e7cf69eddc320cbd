import { centsToDollars } from '@twinclean/shared/money';
import type { OpenJob } from '@twinclean/shared/provider-jobs';
import type { Knex } from 'knex';
import { AppError, notFound } from '../../errors';
import { AvailabilitySlot } from '../../models/availability-slot';
import { Booking, whereOpen } from '../../models/booking';
import { PricingConfigRow } from '../../models/pricing-config-row';
import { loadPricing } from '../pricing/service';
import type { JobAlerts } from '../push/job-alerts';

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

const BOARD_COLUMNS = BOARD_FIELDS.map((field) => (field === 'id' ? 'bookings.id' : field));

/** The soonest jobs a board shows: enough for any day's choices, small enough for a phone. */
export const BOARD_LIMIT = 200;

/**
 * Open jobs (no provider, not canceled, still ahead) that fit inside one of the provider's
 * active availability slots, soonest first; every open job when the provider has set none
 * (the app then suggests setting some). The provider's few slots become one OR of plain column
 * ranges, which PostgreSQL estimates well enough to read the open-jobs index in date order and
 * stop at the limit.
 */
export async function jobBoard(providerId: string, now = new Date()): Promise<OpenJob[]> {
  // Plain knex on the models' tables: building these two queries through objection cost more
  // CPU than PostgreSQL's answer (bench `provider`). Rows, not model instances: 200 cards are
  // read, shaped and sent, never saved.
  const slots: Slot[] = await AvailabilitySlot.knexQuery()
    .where({ providerId, isActive: true })
    .select('dayOfWeek', 'startTime', 'endTime');
  // Only what a card shows, the home size joined in: a fraction of the time of whole rows
  // and a second query for the details. The provider's rate comes from the pricing row in the
  // same query (read once by PostgreSQL), not a round trip of its own.
  const query = whereOpen(Booking.knexQuery(), now)
    .leftJoin('houseCleaningDetails as house', 'house.bookingId', 'bookings.id')
    .select(...BOARD_COLUMNS, 'house.homeSize', providerRate().as('providerRateCents'))
    .limit(BOARD_LIMIT);
  if (slots.length > 0) query.where(fitsSlots(slots));
  const rows: BoardRow[] = await query;
  return rows.map((job) => toOpenJob(job, job.providerRateCents, job.homeSize));
}

type BoardRow = CardFields & { homeSize: OpenJob['homeSize']; providerRateCents: number };

/** The provider's hourly rate from the one pricing row, as a subquery. */
const providerRate = () =>
  PricingConfigRow.knexQuery().select('providerHourlyRateCents').where('id', 1);

export type Slot = Pick<AvailabilitySlot, 'dayOfWeek' | 'startTime' | 'endTime'>;

/**
 * The one rule for "this job fits this provider's week", as a where clause on bookings: it
 * starts inside one of the (merged) slots and ends by that slot's end; a job without hours
 * still starts before it. Plain column ranges, so PostgreSQL can estimate them.
 */
export function fitsSlots(slots: readonly Slot[]) {
  return (fits: Knex.QueryBuilder) => {
    for (const slot of mergeTouching(slots)) {
      fits.orWhere((inside) =>
        inside
          .where('scheduledDayOfWeek', slot.dayOfWeek)
          .where('scheduledTime', '>=', slot.startTime)
          .where('scheduledTime', '<', slot.endTime)
          .where('scheduledEndTime', '<=', slot.endTime),
      );
    }
  };
}

/** 08:00–12:00 and 12:00–16:00 on one day are one stretch a 10:00–14:00 job fits in. */
export function mergeTouching(slots: readonly Slot[]): Slot[] {
  const sorted = [...slots].sort(
    (a, b) => a.dayOfWeek - b.dayOfWeek || a.startTime.localeCompare(b.startTime),
  );
  const merged: Slot[] = [];
  for (const slot of sorted) {
    const last = merged.at(-1);
    if (last && last.dayOfWeek === slot.dayOfWeek && slot.startTime <= last.endTime) {
      if (slot.endTime > last.endTime) last.endTime = slot.endTime;
    } else {
      merged.push({ ...slot });
    }
  }
  return merged;
}

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
