import { CONTACT } from '@twinclean/shared/contact';
import type { VisitMoveAnswer, VisitMoveStatus, VisitMoveView } from '@twinclean/shared/day-moves';
import { chicagoInstant, slotProblem } from '@twinclean/shared/schedule';
import type { Knex } from 'knex';
import { providerStillFits } from '../../core/availability-fit';
import { AppError } from '../../errors';
import { Booking } from '../../models/booking';
import { cancelBooking } from '../booking-lifecycle/cancel';
import { rescheduledEmail } from '../booking-lifecycle/emails';
import { refused } from '../booking-lifecycle/guards';
import type { LifecycleDeps } from '../booking-lifecycle/lifecycle-deps';
import { mailAfterCommit, tellProvider } from '../booking-lifecycle/notices';
import { DayMove, VisitMove } from './models';
import { visitMoveOfToken } from './tokens';

// The e-mailed link of a moved visit (issue 31 "Move a day"): no sign-in, the token is the
// authority. The client accepts the new time, picks another (the reschedule rules), or skips the
// visit with no late fee (the company moved it). Once settled, the charge sweep may charge it.

const badLink = () =>
  new AppError(404, 'not_found', 'This link is not valid. Check that you opened the whole link.');

const SETTLED: Record<Exclude<VisitMoveStatus, 'pending'>, string> = {
  accepted: 'you accepted the new time',
  rescheduled: 'you picked another time',
  skipped: 'you skipped this visit',
};

/** 409 for a move already settled, saying how. */
function alreadySettled(move: VisitMove) {
  const how = move.status === 'pending' ? 'it is settled' : SETTLED[move.status];
  return new AppError(
    409,
    'already_settled',
    `This move is already settled: ${how}. To change the visit again, call us at ${CONTACT.phone}.`,
  );
}

async function moveOfToken(db: Knex, token: string): Promise<VisitMove> {
  const id = await visitMoveOfToken(db, token);
  const move = id ? await VisitMove.query(db).findById(id) : undefined;
  if (!move) throw badLink();
  return move;
}

/** The move locked for the rest of the transaction; 409 when it is no longer pending. */
async function lockPending(trx: Knex.Transaction, id: string): Promise<VisitMove> {
  const move = await VisitMove.query(trx).findById(id).forUpdate();
  if (!move) throw badLink();
  if (move.status !== 'pending') throw alreadySettled(move);
  return move;
}

const settle = (trx: Knex.Transaction, id: string, status: VisitMoveStatus, now: Date) =>
  VisitMove.query(trx).patch({ status, settledAt: now }).where({ id, status: 'pending' });

/** GET /api/visit-moves/{token}. */
export async function visitMoveView(db: Knex, token: string): Promise<VisitMoveView> {
  const move = await moveOfToken(db, token);
  const [booking, day] = await Promise.all([
    Booking.query(db).findById(move.bookingId),
    DayMove.query(db).findById(move.dayMoveId),
  ]);
  if (!booking || !day) throw badLink();
  return {
    serviceType: booking.serviceType,
    clientFirstName: booking.clientFirstName,
    address: booking.address,
    city: booking.city,
    reason: day.reason,
    fromDate: move.fromDate,
    fromTime: move.fromTime,
    proposedDate: move.proposedDate,
    proposedTime: move.proposedTime,
    scheduledDate: booking.scheduledDate,
    scheduledTime: booking.scheduledTime,
    status: move.status,
    settledAt: move.settledAt?.toISOString() ?? null,
  };
}

/** POST /api/visit-moves/{token}. */
export async function answerVisitMove(
  deps: LifecycleDeps,
  token: string,
  answer: VisitMoveAnswer,
  now = new Date(),
): Promise<VisitMoveView> {
  const move = await moveOfToken(deps.db, token);
  if (move.status !== 'pending') throw alreadySettled(move);
  if (answer.action === 'accept') await accept(deps.db, move, now);
  if (answer.action === 'skip') await skip(deps, move, now);
  if (answer.action === 'reschedule') {
    await reschedule(deps, move, answer.scheduledDate ?? '', answer.scheduledTime ?? '', now);
  }
  return visitMoveView(deps.db, token);
}

async function accept(db: Knex, move: VisitMove, now: Date) {
  await db.transaction(async (trx) => {
    const locked = await lockPending(trx, move.id);
    if (!locked.proposedDate) {
      throw refused(
        'No provider was free to take this visit, so there is no new time to accept. Pick a time or skip it.',
      );
    }
    await settle(trx, move.id, 'accepted', now);
  });
}

/** Skipping cancels the visit with no late fee: the company moved it, not the client. */
async function skip(deps: LifecycleDeps, move: VisitMove, now: Date) {
  const [booking, day] = await Promise.all([
    Booking.query(deps.db).findById(move.bookingId),
    DayMove.query(deps.db).findById(move.dayMoveId),
  ]);
  if (!booking || !day) throw badLink();
  await cancelBooking(
    deps,
    {
      bookingId: move.bookingId,
      // A guest has no account: the cancel is put down to the owner who moved the day (null
      // only when that account is gone since; canceled_by takes null).
      by: (booking.clientId ?? day.createdBy) as string,
      reason: `Skipped after the day was moved: ${day.reason}`,
      waiveFee: true,
      record: async (trx) => {
        await lockPending(trx, move.id);
        await settle(trx, move.id, 'skipped', now);
      },
    },
    now,
  );
}

/**
 * The reschedule rules (booking-lifecycle/reschedule.ts) but for the link: the slot is checked,
 * the provider keeps the visit when their week covers the new time, else it goes to the board.
 * The 12-hour cutoff does not apply: the company moved it, perhaps to tomorrow morning.
 */
async function reschedule(
  deps: LifecycleDeps,
  move: VisitMove,
  date: string,
  time: string,
  now: Date,
) {
  const problem = slotProblem(date, time, now);
  if (problem) throw new AppError(400, 'invalid_slot', problem);
  await deps.alerts.ready();
  const { booking, formerProvider, released } = await deps.db.transaction(async (trx) => {
    // The booking first, then the move: the order a skip (cancelBooking) locks them in.
    const booking = await Booking.query(trx).findById(move.bookingId).forUpdate();
    if (!booking) throw badLink();
    await lockPending(trx, move.id);
    if (booking.canceledAt || booking.clockInAt) {
      throw refused('This visit was canceled or has started, so it can no longer be moved.');
    }
    const moved = await booking.$query(trx).patchAndFetch({
      scheduledDate: date,
      scheduledTime: time,
      scheduledAt: chicagoInstant(date, time),
      balanceRequestedAt: null,
    });
    const formerProvider = booking.providerId;
    const released =
      formerProvider !== null && !(await providerStillFits(trx, formerProvider, booking.id));
    if (released) {
      await moved.$query(trx).patch({ providerId: null, assignedAt: null, enRouteAt: null });
    }
    if (released || formerProvider === null) await deps.alerts.opened(booking.id, trx);
    await settle(trx, move.id, 'rescheduled', now);
    return { booking: moved, formerProvider, released };
  });
  await mailAfterCommit(deps, () => deps.mailer.send(rescheduledEmail(booking)));
  await mailAfterCommit(deps, () =>
    tellProvider(deps, booking, released ? 'released' : 'moved', formerProvider),
  );
}
