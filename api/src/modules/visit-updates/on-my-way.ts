import { randomUUID } from 'node:crypto';
import type { OnMyWayInput, OnMyWayResult } from '@twinclean/shared/visit-updates';
import type { Knex } from 'knex';
import { notFound } from '../../errors';
import { keyReusedError, requestFingerprint } from '../../http/idempotency';
import { Booking } from '../../models/booking';
import { ProviderEvent } from '../../models/provider-event';
import { type EtaSettings, etaMinutes } from './eta';
import { type NoticeDeps, type QueuedNotices, queueVisitUpdate } from './notices';

// "On my way" is a provider event like a punch (provider/punches.ts): the outbox's uuid is the
// Idempotency-Key, kept UNIQUE with the answer in the transaction that sets en_route and queues
// the client's messages, so however often the phone resends it, the client is told once.

export type OnMyWayAnswer = { status: number; body: Record<string, unknown> };
type Request = { providerId: string; bookingId: string; requestHash: string };

const HOUR = 3_600_000;
/** The earliest "on my way" before the visit's start (the design's 12 hours). */
export const EN_ROUTE_LEAD_MS = 12 * HOUR;

const refuse = (code: string, message: string): OnMyWayAnswer => ({
  status: 409,
  body: { message, code },
});

/** Why this job cannot be set on its way now: each for good, so the phone keeps it and stops. */
function refusal(booking: Booking, receivedAt: Date): OnMyWayAnswer | null {
  if (booking.canceledAt) return refuse('job_canceled', 'This job was canceled.');
  if (booking.clockInAt)
    return refuse('already_clocked_in', 'You are already clocked in to this job.');
  if (!booking.enRouteAt && booking.scheduledAt.getTime() - receivedAt.getTime() > EN_ROUTE_LEAD_MS)
    return refuse('too_early', "You can say you're on your way from 12 hours before the visit.");
  return null;
}

/** The first answer for this key, if this is the same request again; else the key is misused. */
function replay(earlier: ProviderEvent, request: Request): OnMyWayAnswer {
  const same =
    earlier.bookingId === request.bookingId &&
    earlier.type === 'en_route' &&
    earlier.requestHash === request.requestHash;
  if (!same) throw keyReusedError();
  return { status: earlier.responseStatus, body: earlier.responseBody as Record<string, unknown> };
}

/** The phone's time, believed within the last 12 hours (a queued tap arrives late, never early). */
function occurredAtOf(claimed: Date | null, receivedAt: Date): Date {
  if (!claimed) return receivedAt;
  const earliest = receivedAt.getTime() - EN_ROUTE_LEAD_MS;
  return new Date(Math.min(Math.max(claimed.getTime(), earliest), receivedAt.getTime()));
}

const pointOf = (p: { latitude?: number | null; longitude?: number | null }) =>
  p.latitude != null && p.longitude != null
    ? { latitude: p.latitude, longitude: p.longitude }
    : null;

/**
 * Records the provider's "on my way" for their job once, and queues the client's messages in the
 * same transaction. A second tap (a new key) after the first was recorded answers the first's
 * times and tells nobody. Refusals are kept like answers.
 */
export async function onMyWay(
  db: Knex,
  deps: NoticeDeps & { eta: EtaSettings },
  providerId: string,
  bookingId: string,
  input: OnMyWayInput,
  idempotencyKey: string | undefined,
): Promise<{ answer: OnMyWayAnswer; queued: QueuedNotices | null }> {
  const key = idempotencyKey ?? randomUUID();
  const request = {
    providerId,
    bookingId,
    requestHash: requestFingerprint({ kind: 'en_route', bookingId, input }),
  };
  let queued: QueuedNotices | null = null;
  const answer = await db.transaction(async (trx) => {
    // The job's lock first: a concurrent repeat of the key waits here, then finds the answer.
    const booking = await Booking.query(trx).findOne({ id: bookingId, providerId }).forUpdate();
    const earlier = await ProviderEvent.query(trx).findOne({ clientEventId: key, providerId });
    if (earlier) return replay(earlier, request);
    if (!booking) throw notFound('Job');

    const receivedAt = new Date();
    const claimedAt = input.occurredAt ? new Date(input.occurredAt) : null;
    const occurredAt = occurredAtOf(claimedAt, receivedAt);
    const point = pointOf(input);
    const first = !booking.enRouteAt;
    const estimated = first ? etaMinutes(point, pointOf(booking), deps.eta) : null;
    const arrival = estimated === null ? null : new Date(occurredAt.getTime() + estimated * 60_000);
    // A tap that waited offline past its own estimate would tell the client a time gone by:
    // then no estimate, and they hear when the cleaner arrives.
    const etaAt = arrival && arrival > receivedAt ? arrival : null;
    const minutes = etaAt ? estimated : null;
    const refused = refusal(booking, receivedAt);
    const result: OnMyWayAnswer = refused ?? {
      status: 200,
      body: (first
        ? {
            ok: true,
            message: 'Client Notified',
            bookingId,
            occurredAt: occurredAt.toISOString(),
            etaAt: etaAt?.toISOString() ?? null,
            etaMinutes: minutes,
          }
        : {
            ok: true,
            message: "The client already knows you're on your way.",
            bookingId,
            occurredAt: (booking.enRouteAt as Date).toISOString(),
            etaAt: booking.enRouteEtaAt?.toISOString() ?? null,
            etaMinutes: null,
          }) satisfies OnMyWayResult,
    };
    const event = await ProviderEvent.query(trx)
      .insert({
        clientEventId: key,
        providerId,
        bookingId,
        type: 'en_route',
        deviceSeq: input.deviceSeq ?? null,
        occurredAt,
        deviceOccurredAt: claimedAt,
        receivedAt,
        clockOffsetMs: claimedAt ? receivedAt.getTime() - claimedAt.getTime() : null,
        offline: input.offline ?? false,
        latitude: point?.latitude ?? null,
        longitude: point?.longitude ?? null,
        accuracyM: input.accuracy ?? null,
        positionAt: input.positionAt ? new Date(input.positionAt) : null,
        geofenceVerified: false,
        requestHash: request.requestHash,
        responseStatus: result.status,
        responseBody: result.body,
      })
      // A key taken meanwhile on another job or by another provider: a reused key.
      .onConflict('clientEventId')
      .ignore()
      .returning('id');
    if (event.id === undefined) throw keyReusedError();
    if (refused || !first) return result;
    await Booking.query(trx)
      .patch({ enRouteAt: occurredAt, enRouteEtaAt: etaAt })
      .where({ id: bookingId });
    queued = await queueVisitUpdate(trx, deps, bookingId, { kind: 'enRoute', etaAt });
    return result;
  });
  return { answer, queued };
}
