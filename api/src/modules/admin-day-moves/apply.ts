import type { AppliedDayMove, DayMoveInput } from '@twinclean/shared/day-moves';
import { chicagoInstant } from '@twinclean/shared/schedule';
import type { Knex } from 'knex';
import { type Mailer, queueMail } from '../../adapters/mailer';
import { audit } from '../../core/audit';
import { AppError } from '../../errors';
import { Booking } from '../../models/booking';
import type { User } from '../../models/user';
import { DayMove, VisitMove } from '../visit-moves/models';
import { visitMoveTokens } from '../visit-moves/tokens';
import { clientMoveEmail, type ProviderMovedVisit, providerMoveEmail } from './emails';
import { checkDate, type PlannedVisit, planDay } from './plan';
import { dayMoveDetail } from './views';

export type DayMoveDeps = { db: Knex; mailer: Mailer; siteUrl: string };

/**
 * POST /api/admin/day-moves (admin_owner): in one transaction every visit of the date moves to
 * its proposal (or loses its provider and waits for the client), gets a pending visit move (the
 * charge sweep waits on it), is audited, and its client's and provider's e-mails are queued.
 * A visit whose earlier move is still pending is left, and the answer says how many were.
 */
export async function applyDayMove(
  deps: DayMoveDeps,
  ownerId: string,
  input: DayMoveInput,
  now = new Date(),
): Promise<AppliedDayMove> {
  checkDate(input.date, now);
  const { id, mailIds, leftWaiting } = await deps.db.transaction(async (trx) => {
    const plan = await planDay(trx, input.date, true);
    const moving = plan.filter((p) => !p.waiting);
    if (moving.length === 0) {
      const waiting = plan.length - moving.length;
      throw new AppError(
        409,
        'nothing_to_move',
        waiting
          ? `Nothing left to move on that date: its ${waiting} visit${waiting === 1 ? ' waits' : 's wait'} on the client's answer to an earlier move.`
          : 'There are no visits to move on that date.',
      );
    }
    // The links' key is made (first time only) with the move, not by a refused request.
    const tokenOf = await visitMoveTokens(trx);
    const day = await DayMove.query(trx).insert({
      movedDate: input.date,
      reason: input.reason,
      createdBy: ownerId,
    });
    await audit(trx, {
      actorId: ownerId,
      action: 'day_move.create',
      entity: 'day_move',
      entityId: day.id,
      before: null,
      after: { date: input.date, reason: input.reason, moved: moving.length },
    });
    const mailIds: string[] = [];
    for (const planned of moving) {
      const move = await moveVisit(trx, ownerId, day, planned);
      const link = `${deps.siteUrl}/visit-moves/${tokenOf(move.id)}`;
      mailIds.push(
        await queueMail(trx, clientMoveEmail(planned.booking, input.reason, planned.toDate, link)),
      );
    }
    for (const [provider, visits] of byProvider(moving)) {
      mailIds.push(
        await queueMail(trx, providerMoveEmail(provider, input.date, input.reason, visits)),
      );
    }
    return { id: day.id, mailIds, leftWaiting: plan.length - moving.length };
  });
  // Queued with the move: what fails to leave now, the outbox sender delivers later.
  for (const mailId of mailIds) {
    await deps.mailer.deliver(mailId).catch(() => false);
  }
  return { ...(await dayMoveDetail(deps.db, id)), leftWaiting };
}

/** One visit moved (or left for its client), its pending move recorded and audited. */
async function moveVisit(
  trx: Knex.Transaction,
  ownerId: string,
  day: DayMove,
  { booking, toDate }: PlannedVisit,
): Promise<VisitMove> {
  const before = {
    scheduledDate: booking.scheduledDate,
    scheduledTime: booking.scheduledTime,
    providerId: booking.providerId,
  };
  const patch = toDate
    ? {
        scheduledDate: toDate,
        scheduledAt: chicagoInstant(toDate, booking.scheduledTime),
        // A balance request was for the old date; the new one gets its own.
        balanceRequestedAt: null,
      }
    : { providerId: null, assignedAt: null, enRouteAt: null };
  await Booking.query(trx).patch(patch).where({ id: booking.id });
  await audit(trx, {
    actorId: ownerId,
    action: 'booking.day_move',
    entity: 'booking',
    entityId: booking.id,
    before,
    after: { ...before, ...patch, dayMoveId: day.id },
  });
  return VisitMove.query(trx).insert({
    dayMoveId: day.id,
    bookingId: booking.id,
    fromDate: booking.scheduledDate,
    fromTime: booking.scheduledTime,
    proposedDate: toDate,
    proposedTime: toDate ? booking.scheduledTime : null,
    status: 'pending',
  });
}

/** Each provider's moved visits (a visit with no provider tells nobody). */
function byProvider(moving: PlannedVisit[]): Map<User, ProviderMovedVisit[]> {
  const groups = new Map<string, { provider: User; visits: ProviderMovedVisit[] }>();
  for (const { booking, toDate } of moving) {
    const provider = booking.provider;
    if (!provider) continue;
    const group = groups.get(provider.id) ?? { provider, visits: [] };
    group.visits.push({ booking, toDate });
    groups.set(provider.id, group);
  }
  return new Map([...groups.values()].map((g) => [g.provider, g.visits]));
}
