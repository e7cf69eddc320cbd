import { randomUUID } from 'node:crypto';
import { centsToDollars } from '@twinclean/shared/money';
import { payoutFor } from '@twinclean/shared/provider-pay';
import {
  clockInRefusal,
  clockInWindow,
  clockOutWindow,
  type JobTimes,
  payoutReviewReason,
  punchTime,
} from '@twinclean/shared/punch-rules';
import type { ClockOutInput, PunchInput, PunchResult } from '@twinclean/shared/punches';
import type { Knex } from 'knex';
import { workPriceCents } from '../../core/job-card';
import { loadPricing } from '../../core/pricing';
import { notFound } from '../../errors';
import { keyReusedError, requestFingerprint } from '../../http/idempotency';
import { type PunchOutcome, punchesCounted } from '../../metrics/counters';
import { Booking } from '../../models/booking';
import { Payout } from '../../models/payout';
import { ProviderEvent } from '../../models/provider-event';
import { bonusFor } from '../auction/service';
import { rewardReferrer } from '../credits/referrals';
import { confirmWithClockOut, type PriceDeps } from '../final-price/service';
import type { AfterCommit } from '../payments/requests';
import {
  deliverVisitUpdates,
  type NoticeDelivery,
  type NoticeDeps,
  type QueuedNotices,
  queueVisitUpdate,
} from '../visit-updates/notices';
import { placeOf } from './punch-place';

export type PunchAnswer = { status: number; body: Record<string, unknown> };
type Kind = 'clock_in' | 'clock_out';
type Request = { kind: Kind; providerId: string; bookingId: string; requestHash: string };

const refuse = (code: string, message: string): PunchAnswer => ({
  status: 409,
  body: { message, code },
});

/**
 * Why this punch cannot apply to the provider's job as it stands, if it cannot. Each is for good
 * (the same request always gets it), hence 409: the phone keeps it, shows it and never resends it.
 */
function refusal(
  kind: Kind,
  booking: Booking,
  claimedAt: Date | null,
  receivedAt: Date,
): PunchAnswer | null {
  if (booking.canceledAt) return refuse('job_canceled', 'This job was canceled.');
  if (kind === 'clock_in' && booking.clockInAt)
    return refuse('already_clocked_in', 'You are already clocked in to this job.');
  if (kind === 'clock_out' && !booking.clockInAt)
    return refuse('not_clocked_in', 'Clock in before clocking out.');
  if (kind === 'clock_out' && booking.clockOutAt)
    return refuse('already_clocked_out', 'You already clocked out of this job.');
  const outside = kind === 'clock_in' ? clockInRefusal(booking, claimedAt, receivedAt) : null;
  return outside && refuse(outside.code, outside.message);
}

/** The first answer for this key, if this is the same request again; else the key is misused. */
function replay(earlier: ProviderEvent, request: Request): PunchAnswer {
  const same =
    earlier.bookingId === request.bookingId &&
    earlier.type === request.kind &&
    // Rows from before fingerprints were kept cannot tell, and are answered as before.
    (earlier.requestHash ?? request.requestHash) === request.requestHash;
  if (!same) throw keyReusedError();
  return { status: earlier.responseStatus, body: earlier.responseBody as Record<string, unknown> };
}

/** The window this punch's device time is judged by (a refused clock-out: the clock-in's). */
function windowFor(kind: Kind, booking: Booking) {
  const job: JobTimes = booking;
  return kind === 'clock_out' && booking.clockInAt
    ? clockOutWindow(job, booking.clockInAt)
    : clockInWindow(job);
}

/**
 * Applies a clock-in or clock-out exactly once. The event's uuid (Idempotency-Key) is a
 * permanent UNIQUE column written in the same transaction as the change, with the answer and the
 * request's fingerprint; a repeat of the key gets that first answer and changes nothing, the same
 * key with other parameters is refused. Refusals are kept the same way.
 */
export async function punch(
  db: Knex,
  kind: Kind,
  providerId: string,
  bookingId: string,
  input: PunchInput | ClockOutInput,
  idempotencyKey: string | undefined,
  hooks: {
    /**
     * The client's "arrived" and "done" updates (the done one is the completion e-mail): queued
     * in the punch's transaction, so a replay tells nobody again, and tried after the commit.
     */
    updates?: NoticeDeps & NoticeDelivery;
    /** For a final price confirmed with the clock-out: its e-mails, sent after the commit. */
    prices?: PriceDeps;
  } = {},
): Promise<PunchAnswer> {
  const key = idempotencyKey ?? randomUUID();
  const request = {
    kind,
    providerId,
    bookingId,
    requestHash: requestFingerprint({ kind, bookingId, input }),
  };
  let queued: QueuedNotices | null = null;
  let afterCommit: AfterCommit | null = null;
  // Set only when this call applied (or refused) the punch, not when it replayed a kept answer.
  let outcome: PunchOutcome | null = null;
  const answer = await db.transaction(async (trx) => {
    // Lock the job first: a concurrent repeat of this key waits here, then finds the first answer.
    const booking = await Booking.query(trx).findOne({ id: bookingId, providerId }).forUpdate();
    // The caller's own keys only: another provider's key says nothing about theirs.
    const earlier = await ProviderEvent.query(trx).findOne({ clientEventId: key, providerId });
    // Before ownership: a punch applied before the job was reassigned still gets its answer.
    if (earlier) return replay(earlier, request);
    // Another provider's job looks like one that does not exist, and leaves no trace.
    if (!booking) throw notFound('Job');
    const applied = await apply(trx, key, request, booking, input, hooks);
    queued = applied.updates;
    afterCommit = applied.afterCommit;
    outcome = applied.outcome;
    return applied.answer;
  });
  // Committed: counted once, however often the phone's outbox sends it again.
  const counted = outcome as PunchOutcome | null;
  if (counted) punchesCounted.inc({ kind, outcome: counted });
  if (hooks.updates) deliverVisitUpdates(hooks.updates, queued as QueuedNotices | null);
  await (afterCommit as AfterCommit | null)?.();
  return answer;
}

async function apply(
  trx: Knex.Transaction,
  key: string,
  request: Request,
  booking: Booking,
  input: PunchInput | ClockOutInput,
  { prices, updates }: { prices?: PriceDeps; updates?: NoticeDeps },
): Promise<{
  answer: PunchAnswer;
  afterCommit: AfterCommit | null;
  outcome: PunchOutcome;
  updates: QueuedNotices | null;
}> {
  const { kind, providerId, bookingId } = request;
  const tell = async (at: Date) =>
    updates
      ? queueVisitUpdate(trx, updates, bookingId, {
          kind: kind === 'clock_in' ? 'arrived' : 'done',
          at,
        })
      : null;
  const receivedAt = new Date();
  const claimedAt = input.occurredAt ? new Date(input.occurredAt) : null;
  const time = punchTime(windowFor(kind, booking), claimedAt, receivedAt);
  const { point, fence, unverifiedReason } = placeOf(input, booking);
  const waitPayCents =
    kind === 'clock_out' ? Math.round(((input as ClockOutInput).waitPay ?? 0) * 100) : null;

  const refused = refusal(kind, booking, claimedAt, receivedAt);
  const answer: PunchAnswer = refused ?? {
    status: 200,
    body: {
      ok: true,
      message: kind === 'clock_in' ? 'Clocked In' : 'Clocked Out',
      bookingId,
      occurredAt: time.occurredAt.toISOString(),
      geofenceVerified: fence.verified,
      distanceM: fence.distanceM,
      unverifiedReason,
    } satisfies PunchResult,
  };
  const event = await ProviderEvent.query(trx)
    .insert({
      clientEventId: key,
      providerId,
      bookingId,
      type: kind,
      deviceSeq: input.deviceSeq ?? null,
      occurredAt: time.occurredAt,
      deviceOccurredAt: claimedAt,
      receivedAt,
      clockOffsetMs: claimedAt ? receivedAt.getTime() - claimedAt.getTime() : null,
      offline: input.offline ?? false,
      latitude: point?.latitude ?? null,
      longitude: point?.longitude ?? null,
      accuracyM: input.accuracy ?? null,
      positionAt: input.positionAt ? new Date(input.positionAt) : null,
      distanceM: fence.distanceM,
      geofenceVerified: fence.verified,
      unverifiedReason,
      waitPayCents,
      suspicious: time.suspicionReason !== null,
      suspicionReason: time.suspicionReason,
      requestHash: request.requestHash,
      responseStatus: answer.status,
      responseBody: answer.body,
    })
    // The job lock serializes repeats on one job; a key taken meanwhile on another job or by
    // another provider is a conflict here, and that is a reused key.
    .onConflict('clientEventId')
    .ignore()
    .returning('id');
  if (event.id === undefined) throw keyReusedError();
  if (refused) return { answer: refused, afterCommit: null, outcome: 'refused', updates: null };
  // Applied either way; a flagged punch's hours wait for an admin's review.
  const outcome = time.suspicionReason === null ? 'accepted' : 'flagged';

  if (kind === 'clock_in') {
    await Booking.query(trx).patch({ clockInAt: time.occurredAt }).where({ id: bookingId });
    return { answer, afterCommit: null, outcome, updates: await tell(time.occurredAt) };
  }
  // Before the payout: a price that takes effect now is the one a fixed-price share is of.
  const { finalPrice } = input as ClockOutInput;
  const price =
    finalPrice && prices
      ? await confirmWithClockOut(trx, prices, booking, providerId, finalPrice)
      : null;
  const priced = price ? await Booking.query(trx).findById(bookingId).throwIfNotFound() : booking;
  const clockIn = await ProviderEvent.query(trx)
    .findOne({ bookingId, providerId, type: 'clock_in', responseStatus: 200 })
    .orderBy('id');
  const pricing = await loadPricing(trx);
  const pay = payoutFor({
    serviceType: booking.serviceType,
    clockIn: booking.clockInAt as Date,
    clockOut: time.occurredAt,
    bookedHours: booking.totalHours,
    // The share is of the price of the work; a goodwill refund, a discount, referral credit or a
    // gift card's balance is the company's.
    totalAmountCents: workPriceCents(priced),
    terms: pricing,
    waitPayCents: waitPayCents ?? 0,
    maxWaitPayCents: pricing.maxWaitPayCents,
    bonusCents: await bonusFor(trx, bookingId, providerId),
  });
  const reviewReason = payoutReviewReason({
    hoursWorked: pay.hoursWorked,
    hoursPaid: pay.hoursPaid,
    totalHours: booking.totalHours,
    clockInSuspicion: clockIn?.suspicionReason ?? null,
    clockOutSuspicion: time.suspicionReason,
  });
  await Booking.query(trx).patch({ clockOutAt: time.occurredAt }).where({ id: bookingId });
  // The visit is completed: a referral it came by earns the referrer their credit now.
  await rewardReferrer(trx, booking, pricing, time.occurredAt);
  const payout = await Payout.query(trx)
    .insert({
      providerId,
      bookingId,
      clockInEventId: clockIn?.id ?? null,
      clockOutEventId: event.id,
      ...pay,
      reviewReason,
      geofenceVerified: Boolean(clockIn?.geofenceVerified) && fence.verified,
    })
    .returning('id');
  const body = {
    ...answer.body,
    payout: {
      id: payout.id,
      hoursWorked: pay.hoursWorked,
      hoursPaid: pay.hoursPaid,
      reviewReason,
      hourlyRate: centsToDollars(pay.hourlyRateCents),
      sharePercent: pay.sharePercent,
      waitPay: centsToDollars(pay.waitPayCents),
      bonus: centsToDollars(pay.bonusCents),
      totalAmount: centsToDollars(pay.totalAmountCents),
    },
    ...(price && { finalPrice: price.outcome }),
  };
  // The stored answer includes the payout, so a replay shows the same.
  await ProviderEvent.query(trx).patch({ responseBody: body }).where({ id: event.id });
  return {
    answer: { status: 200, body },
    afterCommit: price?.afterCommit ?? null,
    outcome,
    updates: await tell(time.occurredAt),
  };
}
