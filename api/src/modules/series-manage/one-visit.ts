import { cancelTerms, rescheduleTerms } from '@twinclean/shared/booking-policy';
import { chicagoInstant, formatSlot, slotProblem } from '@twinclean/shared/schedule';
import type { SeriesChange } from '@twinclean/shared/series';
import type { Knex } from 'knex';
import { queueMail } from '../../adapters/mailer';
import { providerStillFits } from '../../core/availability-fit';
import { loadPricing } from '../../core/pricing';
import { AppError, notFound } from '../../errors';
import { Booking } from '../../models/booking';
import { type BookingSeries, SeriesEvent } from '../../models/booking-series';
import { User } from '../../models/user';
import { cancelBooking } from '../booking-lifecycle/cancel';
import { refused } from '../booking-lifecycle/guards';
import type { LifecycleDeps } from '../booking-lifecycle/lifecycle-deps';
import { rescheduleBooking } from '../booking-lifecycle/reschedule';
import type { Actor } from './change-context';
import { seriesChangeEmail } from './emails';
import { realDate, shortDay, termsText } from './visits';

// Skipping or moving one visit of a series: the booking's own cancel and reschedule rules
// (booking-lifecycle), with the series' history and summary e-mail added.

type Skip = Extract<SeriesChange, { action: 'skip' }>;
type Move = Extract<SeriesChange, { action: 'move' }>;
export type OneVisitRequest = { series: BookingSeries; clientId: string; actor: Actor; now: Date };

async function visitOf(db: Knex, series: BookingSeries, bookingId: string) {
  const visit = await Booking.query(db).findOne({ id: bookingId, seriesId: series.id });
  if (!visit) throw notFound('Visit');
  return visit;
}

const skipText = (visit: Booking, terms: Parameters<typeof termsText>[0]) =>
  `Your visit on ${shortDay(visit.scheduledDate)} will be canceled; the visits after it stay as planned. ${termsText(terms)}`;

async function record(
  trx: Knex.Transaction,
  request: OneVisitRequest,
  bookingId: string,
  kind: string,
  consequence: string,
) {
  await SeriesEvent.query(trx).insert({
    seriesId: request.series.id,
    bookingId,
    actorId: request.actor.id,
    kind,
    summary: consequence,
  });
  const client = await User.query(trx).findById(request.series.clientId);
  return client ? queueMail(trx, seriesChangeEmail(client, request.series, consequence)) : null;
}

export async function skipVisit(
  deps: LifecycleDeps,
  request: OneVisitRequest,
  change: Skip,
  dryRun: boolean,
): Promise<{ consequence: string; mailId: string | null }> {
  const visit = await visitOf(deps.db, request.series, change.bookingId);
  if (dryRun) {
    const terms = cancelTerms(visit, await loadPricing(deps.db), request.now);
    if (!terms.allowed) throw refused(terms.reason);
    return { consequence: skipText(visit, terms), mailId: null };
  }
  let consequence = '';
  let mailId: string | null = null;
  await cancelBooking(
    deps,
    {
      bookingId: visit.id,
      clientId: request.clientId,
      by: request.actor.id,
      reason: 'Skipped (recurring cleaning)',
      record: async (trx, before, terms) => {
        consequence = skipText(before, terms);
        mailId = await record(trx, request, visit.id, 'skipped', consequence);
      },
    },
    request.now,
  );
  return { consequence, mailId };
}

function moveText(visit: Booking, change: Move, fits: boolean | null) {
  const moved = `Your visit on ${shortDay(visit.scheduledDate)} will move to ${shortDay(
    change.scheduledDate,
  )} at ${formatSlot(change.scheduledTime)}; the other visits stay as planned.`;
  if (fits === null) return `${moved} It waits on the job board for a cleaner.`;
  return fits
    ? `${moved} Your cleaner's availability covers the new time: it stays theirs.`
    : `${moved} Your cleaner is not available then, so it goes to other cleaners on the job board.`;
}

/** Whether the visit's provider would still fit it at the new time: tried, then rolled back. */
async function wouldFit(db: Knex, visit: Booking, change: Move): Promise<boolean> {
  const providerId = visit.providerId as string;
  let fits = false;
  await db
    .transaction(async (trx) => {
      await Booking.query(trx)
        .patch({
          scheduledDate: change.scheduledDate,
          scheduledTime: change.scheduledTime,
          scheduledAt: chicagoInstant(change.scheduledDate, change.scheduledTime),
        })
        .where({ id: visit.id });
      fits = await providerStillFits(trx, providerId, visit.id);
      throw new DryRun();
    })
    .catch((error: unknown) => {
      if (!(error instanceof DryRun)) throw error;
    });
  return fits;
}

class DryRun extends Error {}

export async function moveVisit(
  deps: LifecycleDeps,
  request: OneVisitRequest,
  change: Move,
  dryRun: boolean,
): Promise<{ consequence: string; mailId: string | null }> {
  const visit = await visitOf(deps.db, request.series, change.bookingId);
  if (dryRun) {
    const terms = rescheduleTerms(visit, request.now);
    if (!terms.allowed) throw refused(terms.reason);
    const problem = realDate(change.scheduledDate)
      ? slotProblem(change.scheduledDate, change.scheduledTime, request.now)
      : 'Choose a date from today up to 30 days ahead.';
    if (problem) throw new AppError(400, 'invalid_slot', problem);
    const fits = visit.providerId ? await wouldFit(deps.db, visit, change) : null;
    return { consequence: moveText(visit, change, fits), mailId: null };
  }
  if (!realDate(change.scheduledDate)) {
    throw new AppError(400, 'invalid_slot', 'Choose a date from today up to 30 days ahead.');
  }
  let said = { consequence: '', mailId: null as string | null };
  // The history line and summary are written in the move's own transaction: both or neither.
  await rescheduleBooking(
    deps,
    { bookingId: visit.id, clientId: request.clientId },
    change,
    request.now,
    async (trx, moved) => {
      const fits = visit.providerId ? moved.providerId !== null : null;
      const consequence = moveText(visit, change, fits);
      said = { consequence, mailId: await record(trx, request, visit.id, 'moved', consequence) };
    },
  );
  return said;
}
