import type { FinalPriceOutcome } from '@twinclean/shared/final-price';
import { errorBodyOf } from '@twinclean/shared/http';
import { punchResultSchema } from '@twinclean/shared/punches';
import { onMyWayResultSchema } from '@twinclean/shared/visit-updates';
import type {
  ChecklistTickEntry,
  EnRouteEntry,
  LocatedEntry,
  OutboxEntry,
  PhotoBytes,
  PhotoEntry,
} from './entry';
import { getPhotoBytes } from './storage';

/**
 * What one answer means for an entry. The entry's uuid is its Idempotency-Key and its body never
 * changes, so a resend is only worth it when the server, not the request, was the problem:
 *
 * - 2xx: applied now, or before (a repeated key gets the first answer again) → 'sent'.
 * - 401 (nobody signed in), 403 (someone else signed in, or the Origin check failed): the entry
 *   is fine, the session is not, and no entry can go until the provider signs in again; the
 *   drain stops and the app says so → 'signed_out'.
 * - 408, 425, 429, every 5xx (and anything unexpected, such as a redirect): the server could
 *   not answer now; retried with backoff (after its Retry-After when it gives one). Only this
 *   job's later entries wait → 'server_error'.
 * - Any other 4xx (400, 404, 409, 410, 413, 415, 422…): the job is gone, canceled or reassigned,
 *   or the server cannot accept this body (422: the key was used with another body). The same
 *   request gets the same answer for ever, so it is kept, shown and never resent, and it does
 *   not hold back what follows → 'rejected'.
 * - fetch throws: no connection, whatever navigator.onLine says; nothing else can go either, so
 *   the drain stops → 'offline'.
 */
export type SendOutcome =
  | {
      result: 'sent';
      geofence?: { verified: boolean; reason: string | null };
      /** A clock-out that carried a final price: what the server made of it. */
      finalPrice?: FinalPriceOutcome;
      /** "On my way": the arrival the client was told (null without a fix), and the word. */
      enRoute?: NonNullable<EnRouteEntry['enRoute']>;
    }
  | { result: 'rejected'; message: string; code?: string }
  | { result: 'signed_out'; status: number; message: string }
  | { result: 'server_error'; status: number; message: string; retryAfterMs?: number }
  | { result: 'offline' };

const SIGNED_OUT = new Set([401, 403]);
const NOT_NOW = new Set([408, 425, 429]);

// A stalled connection (a captive portal, a half-open socket) must not hold the outbox's lock
// for ever: past this the attempt counts as no connection, and the same key is sent again later.
const TIMEOUT_MS = { punch: 30_000, photo: 120_000 };

async function request(entry: OutboxEntry): Promise<Response> {
  // Whose entry this is: if someone else has signed in on this browser meanwhile, the server
  // answers 401 rather than treating the job as theirs (a 404 would refuse the punch for good).
  const headers = { 'Idempotency-Key': entry.id, 'X-Expected-User': entry.providerId };
  const signal = AbortSignal.timeout(TIMEOUT_MS[entry.kind === 'photo' ? 'photo' : 'punch']);
  if (entry.kind === 'photo') {
    const stored = await getPhotoBytes(entry.id);
    // Bytes gone means the server confirmed this photo in an earlier attempt.
    if (!stored) return new Response(null, { status: 201 });
    const form = photoForm(entry, stored);
    return fetch(`/api/provider/bookings/${entry.bookingId}/photos`, {
      method: 'POST',
      body: form,
      headers,
      credentials: 'include',
      signal,
    });
  }
  const [url, body] =
    entry.kind === 'checklist_tick'
      ? [`/api/provider/jobs/${entry.bookingId}/checklist`, tickBody(entry)]
      : [`/api/provider/${PUNCH_PATH[entry.kind]}/${entry.bookingId}`, punchBody(entry)];
  return fetch(url, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    credentials: 'include',
    signal,
    body: JSON.stringify(body),
  });
}

const PUNCH_PATH = { clock_in: 'clock-in', clock_out: 'clock-out', en_route: 'on-my-way' };

/** A photo's upload, the same on every attempt; `checklistItemKeys` only for a task's photo. */
export function photoForm(entry: PhotoEntry, stored: PhotoBytes): FormData {
  const form = new FormData();
  form.append('photoType', entry.photoType ?? 'before');
  form.append('photoIds', entry.id);
  // A photo queued by an older app has no size: the server reads it from the picture.
  if (entry.width && entry.height) {
    form.append('photoWidths', String(entry.width));
    form.append('photoHeights', String(entry.height));
  }
  // A task's photo names its task; one value per photo, in the photos' order (one here).
  if (entry.checklistItemKey) form.append('checklistItemKeys', entry.checklistItemKey);
  form.append(
    'photos',
    new Blob([stored.bytes], { type: stored.mimeType }),
    entry.fileName ?? 'photo.jpg',
  );
  return form;
}

/**
 * A punch's body, the same on every attempt: the server keeps the first body under the entry's
 * Idempotency-Key and answers 422 to another. So `finalPrice` is sent only by an entry that has
 * one, and an entry queued by an older app (which has none) replays the body it always had.
 * "On my way" sends what a clock-in sends.
 */
export function punchBody(entry: LocatedEntry): Record<string, unknown> {
  return {
    latitude: entry.latitude ?? null,
    longitude: entry.longitude ?? null,
    accuracy: entry.accuracy ?? null,
    positionAt: entry.positionAt ?? null,
    occurredAt: entry.occurredAt,
    deviceSeq: entry.seq,
    offline: entry.offline,
    ...(entry.kind === 'clock_out' ? { waitPay: entry.waitPay ?? 0 } : {}),
    ...(entry.kind === 'clock_out' && entry.finalPrice ? { finalPrice: entry.finalPrice } : {}),
  };
}

/** A checklist tick's body (shared checklistTickSchema), the same on every attempt. */
export const tickBody = (entry: ChecklistTickEntry): Record<string, unknown> => ({
  version: entry.version,
  itemKey: entry.itemKey,
  done: entry.done,
  occurredAt: entry.occurredAt,
  deviceSeq: entry.seq,
  offline: entry.offline,
});

// However long a proxy asks us to wait, a punch is tried again within the hour.
const MAX_RETRY_AFTER_MS = 60 * 60_000;

/** Retry-After as seconds or an HTTP date (RFC 9110 §10.2.3), in ms from now. */
function retryAfterMs(res: Response): number | undefined {
  const value = res.headers.get('Retry-After');
  if (!value) return undefined;
  const at = /^\d+$/.test(value.trim()) ? Date.now() + Number(value) * 1000 : Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.min(Math.max(0, at - Date.now()), MAX_RETRY_AFTER_MS);
}

/** One attempt at one entry. */
export async function sendEntry(entry: OutboxEntry): Promise<SendOutcome> {
  try {
    return await outcomeOf(entry, await request(entry));
  } catch {
    // No connection, a timeout, or the answer cut off while read: nothing known, so try again.
    return { result: 'offline' };
  }
}

/** What one answer means for an entry (see SendOutcome); exported for its tests. */
export async function outcomeOf(entry: OutboxEntry, res: Response): Promise<SendOutcome> {
  if (res.ok) {
    if (entry.kind === 'photo' || entry.kind === 'checklist_tick') {
      await res.body?.cancel();
      return { result: 'sent' };
    }
    if (entry.kind === 'en_route') {
      const answer = onMyWayResultSchema.safeParse(await res.json().catch(() => null));
      if (!answer.success) return { result: 'sent' };
      const { etaAt, message } = answer.data;
      return { result: 'sent', enRoute: { etaAt, message } };
    }
    const answer = punchResultSchema.safeParse(await res.json().catch(() => null));
    if (!answer.success) return { result: 'sent' };
    return {
      result: 'sent',
      geofence: { verified: answer.data.geofenceVerified, reason: answer.data.unverifiedReason },
      ...(answer.data.finalPrice && { finalPrice: answer.data.finalPrice }),
    };
  }
  const { message, code } = await errorBodyOf(res);
  if (SIGNED_OUT.has(res.status)) return { result: 'signed_out', status: res.status, message };
  if (res.status >= 400 && res.status < 500 && !NOT_NOW.has(res.status)) {
    return { result: 'rejected', message, code };
  }
  return { result: 'server_error', status: res.status, message, retryAfterMs: retryAfterMs(res) };
}
