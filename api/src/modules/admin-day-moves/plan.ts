import { DAY_MOVE_SEARCH_DAYS, type DayMoveVisit } from '@twinclean/shared/day-moves';
import { addDays, chicagoDate } from '@twinclean/shared/schedule';
import type { Knex } from 'knex';
import { AppError } from '../../errors';
import { Booking } from '../../models/booking';
import type { User } from '../../models/user';
import { VisitMove } from '../visit-moves/models';
import { firstFreeDay } from './free-day.sql';

// Where each visit of a moved day goes (issue 31 "Move a day"): an assigned visit to the first
// of the next 7 days its provider is free at the same time, else the client chooses; an
// unassigned one to the next day, still open on the board. A visit whose earlier move still
// waits on its client is left where it is.

export type PlannedVisit = {
  booking: Booking;
  /** An earlier move of this visit is still pending: it is left alone. */
  waiting: boolean;
  /** Null: no provider is free, the client chooses. */
  toDate: string | null;
};

const nameOf = (user: Pick<User, 'firstName' | 'lastName'> | null | undefined) =>
  user ? `${user.firstName} ${user.lastName}` : null;

/** Refuses a date before today: its visits are done or past moving. */
export function checkDate(date: string, now: Date) {
  if (date < chicagoDate(now)) {
    throw new AppError(
      400,
      'past_date',
      'Choose today or a later date: past visits cannot be moved.',
    );
  }
}

/**
 * The visits of `date` not canceled and not started, every service, and where each goes. Inside
 * the apply's transaction the visits are locked first, so a second apply of the same date waits
 * and then finds them moved (or pending), never moving one twice.
 */
export async function planDay(db: Knex, date: string, lock: boolean): Promise<PlannedVisit[]> {
  const query = Booking.query(db)
    .where({ scheduledDate: date })
    .whereNull('canceledAt')
    .whereNull('clockInAt')
    .orderBy([{ column: 'scheduledTime' }, { column: 'id' }]);
  const bookings = await (lock ? query.forUpdate() : query).withGraphFetched('provider');
  const pending = new Set(
    (
      await VisitMove.query(db)
        .whereIn(
          'bookingId',
          bookings.map((b) => b.id),
        )
        .where({ status: 'pending' })
    ).map((m) => m.bookingId),
  );
  const days = Array.from({ length: DAY_MOVE_SEARCH_DAYS }, (_, i) => addDays(date, i + 1));
  const plan: PlannedVisit[] = [];
  for (const booking of bookings) {
    const waiting = pending.has(booking.id);
    const toDate = waiting
      ? null
      : booking.providerId
        ? await firstFreeDay(db, booking.providerId, booking.id, days)
        : addDays(date, 1);
    plan.push({ booking, waiting, toDate });
  }
  return plan;
}

/** A planned (preview) or made (status) move as the admin pages show it. */
export function visitRow(
  booking: Booking,
  move: {
    fromDate: string;
    fromTime: string;
    toDate: string | null;
    toTime: string | null;
    status: DayMoveVisit['status'];
    settledAt: Date | null;
  },
): DayMoveVisit {
  return {
    bookingId: booking.id,
    serviceType: booking.serviceType,
    clientName: `${booking.clientFirstName} ${booking.clientLastName}`,
    providerName: nameOf(booking.provider),
    fromDate: move.fromDate,
    fromTime: move.fromTime,
    toDate: move.toDate,
    toTime: move.toTime,
    status: move.status,
    scheduledDate: booking.scheduledDate,
    scheduledTime: booking.scheduledTime,
    settledAt: move.settledAt?.toISOString() ?? null,
  };
}

/** The preview's row of a planned visit. */
export const plannedRow = ({ booking, waiting, toDate }: PlannedVisit): DayMoveVisit =>
  visitRow(booking, {
    fromDate: booking.scheduledDate,
    fromTime: booking.scheduledTime,
    toDate,
    toTime: toDate ? booking.scheduledTime : null,
    status: waiting ? 'waiting' : 'new',
    settledAt: null,
  });
