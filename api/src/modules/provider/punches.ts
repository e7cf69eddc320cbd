import { randomUUID } from 'node:crypto';
import { withinGeofence } from '@twinclean/shared/geo';
import { centsToDollars } from '@twinclean/shared/money';
import { payoutFor } from '@twinclean/shared/pricing';
import type { ClockOutInput, PunchInput, PunchResult } from '@twinclean/shared/punches';
import type { Knex } from 'knex';
import { notFound } from '../../errors';
import { Booking } from '../../models/booking';
import { ProviderEvent } from '../../models/provider-event';
import { loadPricing } from '../pricing/service';

export type PunchAnswer = { status: number; body: Record<string, unknown> };
type Kind = 'clock_in' | 'clock_out';

const FUTURE_TOLERANCE_MS = 5 * 60_000;
const MAX_QUEUE_AGE_MS = 7 * 86_400_000;

const refuse = (code: string, message: string): PunchAnswer => ({
  status: 409,
  body: { message, code },
});

/** Why this punch cannot apply to the booking as it stands, if it cannot. */
function refusal(kind: Kind, booking: Booking, providerId: string): PunchAnswer | null {
  if (booking.providerId !== providerId)
    return refuse('job_reassigned', 'This job is no longer assigned to you.');
  if (booking.canceledAt) return refuse('job_canceled', 'This job was canceled.');
  if (kind === 'clock_in' && booking.clockInAt)
    return refuse('already_clocked_in', 'You are already clocked in to this job.');
  if (kind === 'clock_out' && !booking.clockInAt)
    return refuse('not_clocked_in', 'Clock in before clocking out.');
  if (kind === 'clock_out' && booking.clockOutAt)
    return refuse('already_clocked_out', 'You already clocked out of this job.');
  return null;
}

/**
 * Device time is trusted within bounds (a queued punch is late, not wrong); outside them the
 * server's receipt time is used and the punch is flagged for the admin, never refused.
 */
function punchTime(input: PunchInput, receivedAt: Date) {
  const device = input.occurredAt ? new Date(input.occurredAt) : receivedAt;
  const ahead = device.getTime() - receivedAt.getTime();
  const sane = ahead <= FUTURE_TOLERANCE_MS && -ahead <= MAX_QUEUE_AGE_MS;
  return {
    occurredAt: sane ? device : receivedAt,
    clockOffsetMs: input.occurredAt ? Math.round(-ahead) : null,
    suspicionReason: sane
      ? null
      : `Device time ${device.toISOString()} is implausible; the server's time was used.`,
  };
}

/**
 * Applies a clock-in or clock-out exactly once. The event's uuid (Idempotency-Key) is a
 * permanent UNIQUE column written in the same transaction as the change, with the answer; a
 * repeat of the key gets that first answer and changes nothing. Refusals are kept the same way.
 */
export async function punch(
  db: Knex,
  kind: Kind,
  providerId: string,
  bookingId: string,
  input: PunchInput | ClockOutInput,
  idempotencyKey: string | undefined,
): Promise<PunchAnswer> {
  const key = idempotencyKey ?? randomUUID();
  return db.transaction(async (trx) => {
    // Lock the job first: a concurrent repeat of this key waits here, then finds the first answer.
    const booking = await Booking.query(trx).findById(bookingId).forUpdate();
    const earlier = await ProviderEvent.query(trx).findOne({ clientEventId: key });
    if (earlier) {
      if (
        earlier.providerId !== providerId ||
        earlier.bookingId !== bookingId ||
        earlier.type !== kind
      ) {
        return refuse('idempotency_key_reused', 'This Idempotency-Key belongs to another request.');
      }
      return {
        status: earlier.responseStatus,
        body: earlier.responseBody as Record<string, unknown>,
      };
    }
    if (!booking) throw notFound('Job');

    const receivedAt = new Date();
    const time = punchTime(input, receivedAt);
    const hasFix = input.latitude != null && input.longitude != null;
    const point = hasFix
      ? { latitude: input.latitude as number, longitude: input.longitude as number }
      : null;
    const jobPoint =
      booking.latitude != null && booking.longitude != null && booking.geocodePrecision
        ? {
            latitude: booking.latitude,
            longitude: booking.longitude,
            precision: booking.geocodePrecision,
          }
        : null;
    const fence = withinGeofence(point, jobPoint);
    const unverifiedReason = fence.verified
      ? null
      : !point
        ? 'No location from the device'
        : !jobPoint
          ? 'The job has no map location'
          : `${fence.distanceM} m from the job`;
    const waitPayCents =
      kind === 'clock_out' ? Math.round(((input as ClockOutInput).waitPay ?? 0) * 100) : null;

    const refused = refusal(kind, booking, providerId);
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
        receivedAt,
        clockOffsetMs: time.clockOffsetMs,
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
        responseStatus: answer.status,
        responseBody: answer.body,
      })
      .returning('id');
    if (refused) return refused;

    if (kind === 'clock_in') {
      await Booking.query(trx).patch({ clockInAt: time.occurredAt }).where({ id: bookingId });
      return answer;
    }
    const clockIn = await ProviderEvent.query(trx)
      .findOne({ bookingId, type: 'clock_in', responseStatus: 200 })
      .orderBy('id');
    const pay = payoutFor({
      clockIn: booking.clockInAt as Date,
      clockOut: time.occurredAt,
      hourlyRateCents: (await loadPricing(trx)).providerHourlyRateCents,
      waitPayCents: waitPayCents ?? 0,
    });
    await Booking.query(trx).patch({ clockOutAt: time.occurredAt }).where({ id: bookingId });
    const [payout] = await trx('payouts')
      .insert({
        providerId,
        bookingId,
        clockInEventId: clockIn?.id ?? null,
        clockOutEventId: event.id,
        ...pay,
        geofenceVerified: Boolean(clockIn?.geofenceVerified) && fence.verified,
      })
      .returning(['id']);
    const body = {
      ...answer.body,
      payout: {
        id: payout.id,
        hoursWorked: pay.hoursWorked,
        hourlyRate: centsToDollars(pay.hourlyRateCents),
        waitPay: centsToDollars(pay.waitPayCents),
        totalAmount: centsToDollars(pay.totalAmountCents),
      },
    };
    // The stored answer includes the payout, so a replay shows the same.
    await ProviderEvent.query(trx).patch({ responseBody: body }).where({ id: event.id });
    return { status: 200, body };
  });
}
