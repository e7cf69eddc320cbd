import type { FinalPriceOutcome } from '@twinclean/shared/final-price';
import type { PhotoType } from '@twinclean/shared/photos';
import Dexie, { type EntityTable } from 'dexie';

// For the hooks, which load this module (and Dexie) only once there is an outbox (store.ts).
export { liveQuery } from 'dexie';

export type EntryKind = 'clock_in' | 'clock_out' | 'photo';

/**
 * One thing the phone did that the server must learn exactly once. `seq` is the device's
 * sequence number: entries are sent in that order. `id` is the event's uuid, sent as the
 * Idempotency-Key (for a photo, its photo id).
 */
export type OutboxEntry = {
  seq?: number;
  id: string;
  providerId: string;
  kind: EntryKind;
  bookingId: string;
  /** The device time it happened. */
  occurredAt: string;
  /** 'locating' waits (until `locateBy` at most) for a fix; 'pending' may be sent. */
  status: 'locating' | 'pending' | 'sent' | 'rejected';
  /**
   * When a punch stops waiting for its fix, set at the tap. Absent on punches recorded before
   * it existed: their deadline follows from occurredAt (see locate.ts).
   */
  locateBy?: string;
  latitude?: number;
  longitude?: number;
  accuracy?: number;
  positionAt?: string;
  /** Why there is no location, shown to the provider (spec 2 §8 "Geolocation"). */
  locationProblem?: string;
  waitPay?: number;
  /**
   * A clock-out's final price for a carpet or rug job, in dollars as typed and checked with the
   * shared finalPriceAmountSchema; sent with it, every time. Absent on clock-outs without one and
   * on every entry recorded before it existed, whose body is then what it always was.
   */
  finalPrice?: string;
  /** What the server made of `finalPrice`, once it has answered the clock-out. */
  finalPriceOutcome?: FinalPriceOutcome;
  photoType?: PhotoType;
  fileName?: string;
  /** Whether the phone was offline when it happened (the server flags it for the admin). */
  offline: boolean;
  attempts: number;
  /** The last transient failure (network, server error, signed out); the entry is retried. */
  lastError?: string;
  /**
   * The run of server errors (5xx, 408, 425, 429) on this entry: how many in a row, the last
   * answer and when it came. Cleared by any other answer; a long run is shown as failing.
   */
  serverErrors?: { count: number; status: number; message: string; at: string };
  /** Not tried again before this (backoff after a server error, or its Retry-After). */
  retryAt?: string;
  /** The server's refusal for good (job canceled or reassigned): kept and shown, never resent. */
  rejection?: { message: string; code?: string };
  sentAt?: string;
  /** What the server made of a punch's location, once it has it. */
  geofence?: { verified: boolean; reason: string | null };
};

/** A photo's bytes until the server has it: ArrayBuffer + type, as Safari loses stored Blobs. */
export type PhotoBytes = { id: string; bytes: ArrayBuffer; mimeType: string };

export const outboxDb = new Dexie('twinclean-outbox') as Dexie & {
  entries: EntityTable<OutboxEntry, 'seq'>;
  photoBytes: EntityTable<PhotoBytes, 'id'>;
};

// Fields added since (locateBy, serverErrors, finalPrice…) are not indexed, so rows stored by an
// older app need no upgrade. A new index means a new version() beside this one, never instead.
outboxDb.version(1).stores({
  entries: '++seq, &id, providerId, [providerId+status], bookingId',
  photoBytes: 'id',
});
