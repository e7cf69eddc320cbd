import { punchResultSchema } from '@twinclean/shared/punches';
import { type OutboxEntry, outboxDb } from './db';

/** What became of one attempt: applied (or already applied), refused for good, or try later. */
export type SendOutcome =
  | { result: 'sent'; geofence?: { verified: boolean; reason: string | null } }
  | { result: 'rejected'; message: string; code?: string }
  | { result: 'retry'; reason: string; signedOut?: boolean };

// Statuses that mean "not now" rather than "never": the same request may succeed later.
const TRANSIENT = new Set([401, 403, 408, 425, 429]);

async function request(entry: OutboxEntry): Promise<Response> {
  const headers = { 'Idempotency-Key': entry.id };
  if (entry.kind === 'photo') {
    const stored = await outboxDb.photoBytes.get(entry.id);
    // Bytes gone means the server confirmed this photo in an earlier attempt.
    if (!stored) return new Response(null, { status: 201 });
    const form = new FormData();
    form.append('photoType', entry.photoType ?? 'before');
    form.append('photoIds', entry.id);
    form.append(
      'photos',
      new Blob([stored.bytes], { type: stored.mimeType }),
      entry.fileName ?? 'photo.jpg',
    );
    return fetch(`/api/provider/bookings/${entry.bookingId}/photos`, {
      method: 'POST',
      body: form,
      headers,
      credentials: 'include',
    });
  }
  const path = entry.kind === 'clock_in' ? 'clock-in' : 'clock-out';
  return fetch(`/api/provider/${path}/${entry.bookingId}`, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    credentials: 'include',
    body: JSON.stringify({
      latitude: entry.latitude ?? null,
      longitude: entry.longitude ?? null,
      accuracy: entry.accuracy ?? null,
      positionAt: entry.positionAt ?? null,
      occurredAt: entry.occurredAt,
      deviceSeq: entry.seq,
      offline: entry.offline,
      ...(entry.kind === 'clock_out' ? { waitPay: entry.waitPay ?? 0 } : {}),
    }),
  });
}

async function messageOf(res: Response): Promise<{ message: string; code?: string }> {
  const text = await res.text();
  try {
    const body = JSON.parse(text) as { message?: unknown; code?: unknown };
    return {
      message: typeof body.message === 'string' ? body.message : `${res.status}`,
      code: typeof body.code === 'string' ? body.code : undefined,
    };
  } catch {
    return { message: text || res.statusText || `${res.status}` };
  }
}

/** One attempt at one entry. A fetch that throws means no connection (navigator.onLine lies). */
export async function sendEntry(entry: OutboxEntry): Promise<SendOutcome> {
  let res: Response;
  try {
    res = await request(entry);
  } catch {
    return { result: 'retry', reason: 'No connection' };
  }
  if (res.ok) {
    if (entry.kind === 'photo') {
      await res.body?.cancel();
      return { result: 'sent' };
    }
    const answer = punchResultSchema.safeParse(await res.json().catch(() => null));
    return {
      result: 'sent',
      geofence: answer.success
        ? { verified: answer.data.geofenceVerified, reason: answer.data.unverifiedReason }
        : undefined,
    };
  }
  const { message, code } = await messageOf(res);
  if (res.status === 401)
    return { result: 'retry', reason: 'Sign in again to sync', signedOut: true };
  if (res.status >= 500 || TRANSIENT.has(res.status)) {
    return { result: 'retry', reason: `Server said ${res.status}: ${message}` };
  }
  return { result: 'rejected', message, code };
}
