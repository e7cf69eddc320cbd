import { backoffMs } from './backoff';
import { type EntryPatch, isLocated, type LocatedEntry, type OutboxEntry } from './entry';
import type { SendOutcome } from './send';
import type { SyncState } from './sync-state';

// The drain's decisions (drain.ts), each a pure step of the entry, the answer and the clock, so
// they are tested alone; drain.ts reads and writes the outbox around them.

export const serverSaid = (outcome: { status: number; message: string }) =>
  `Server said ${outcome.status}: ${outcome.message}`;

type Stored = OutboxEntry & { seq: number };

/**
 * What the drain does at an entry its job does not hold back: a punch still finding its location
 * first settles it ('locate'); an entry backing off after a server error waits, unless the
 * provider asked ('force'), and what the server said last time still stands ('back_off');
 * anything else is sent.
 */
export type Step =
  | { step: 'locate'; punch: LocatedEntry & { seq: number } }
  | { step: 'back_off'; until: number; failure: string | null }
  | { step: 'send' };

export function stepFor(entry: Stored, { force, now }: { force: boolean; now: number }): Step {
  // Only a punch (or "On my way") looks for its location: the rest are stored 'pending'.
  if (entry.status === 'locating' && isLocated(entry)) return { step: 'locate', punch: entry };
  const retryAt = entry.retryAt ? new Date(entry.retryAt).getTime() : 0;
  if (!force && retryAt > now) {
    return { step: 'back_off', until: retryAt, failure: entry.lastError ?? null };
  }
  return { step: 'send' };
}

/**
 * What an answer means for the drain: no connection or no session stops it for the whole outbox
 * (with what the sync status then says); a server error holds back the entry's job until its
 * retry; a sent or refused entry is reported.
 */
export type AfterAnswer =
  | { next: 'stop'; result: 'offline' | 'signed_out'; sync: Partial<SyncState> }
  | { next: 'hold'; failure: string }
  | { next: 'report'; as: 'sent' | 'rejected' };

export function afterAnswer(outcome: SendOutcome): AfterAnswer {
  switch (outcome.result) {
    case 'offline':
      return { next: 'stop', result: 'offline', sync: { lastFailure: 'No connection' } };
    case 'signed_out':
      return {
        next: 'stop',
        result: 'signed_out',
        sync: { lastFailure: serverSaid(outcome), signedOut: true },
      };
    case 'server_error':
      return { next: 'hold', failure: serverSaid(outcome) };
    case 'sent':
    case 'rejected':
      return { next: 'report', as: outcome.result };
  }
}

/**
 * What an attempt's outcome changes on the entry. A run of server errors is counted, and any
 * other answer ends it; a failed fetch is no answer.
 */
export function attemptPatch(entry: OutboxEntry, outcome: SendOutcome, now: Date): EntryPatch {
  const attempt = { attempts: entry.attempts + 1 };
  const answered = {
    ...attempt,
    lastError: undefined,
    serverErrors: undefined,
    retryAt: undefined,
  };
  switch (outcome.result) {
    case 'sent':
      return {
        ...answered,
        status: 'sent',
        sentAt: now.toISOString(),
        geofence: outcome.geofence,
        ...(outcome.finalPrice && { finalPriceOutcome: outcome.finalPrice }),
        ...(outcome.enRoute && { enRoute: outcome.enRoute }),
      };
    case 'rejected':
      return {
        ...answered,
        status: 'rejected',
        rejection: { message: outcome.message, code: outcome.code },
      };
    case 'signed_out':
      return { ...answered, lastError: serverSaid(outcome) };
    case 'server_error': {
      const count = (entry.serverErrors?.count ?? 0) + 1;
      const { status, message } = outcome;
      return {
        ...attempt,
        lastError: serverSaid(outcome),
        serverErrors: { count, status, message, at: now.toISOString() },
        // The server's Retry-After can lengthen our backoff, never shorten it: phones that all
        // retry each second would keep a struggling server down.
        retryAt: new Date(
          now.getTime() + Math.max(outcome.retryAfterMs ?? 0, backoffMs(count)),
        ).toISOString(),
      };
    }
    case 'offline':
      return { ...attempt, lastError: 'No connection' };
  }
}
