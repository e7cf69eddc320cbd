import type { FinalPriceOutcome } from '@twinclean/shared/final-price';
import type { PhotoType } from '@twinclean/shared/photos';

// What the outbox stores, one shape per kind. The field names are those on every phone's disk
// (IndexedDB and the tap journal): a new field is optional, and none is ever renamed.

export type EntryKind = OutboxEntry['kind'];

/** 'locating' waits (until `locateBy` at most) for a fix; 'pending' may be sent. */
export type EntryStatus = 'locating' | 'pending' | 'sent' | 'rejected';

/** A photo may also be 'raw': kept as chosen, waiting for its compressed bytes (raw-photos.ts). */
export type PhotoStatus = EntryStatus | 'raw';

/**
 * What every entry has: one thing the phone did that the server must learn exactly once. `seq`
 * is the device's sequence number: entries are sent in that order. `id` is the event's uuid,
 * sent as the Idempotency-Key (for a photo, its photo id).
 */
type EntryBase<Status = EntryStatus> = {
  seq?: number;
  id: string;
  providerId: string;
  bookingId: string;
  /** The device time it happened. */
  occurredAt: string;
  status: Status;
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
};

/** A clock-in or clock-out: where the phone was, and what the server made of it. */
type PunchBase = EntryBase & {
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
  /** What the server made of a punch's location, once it has it. */
  geofence?: { verified: boolean; reason: string | null };
};

export type ClockInEntry = PunchBase & { kind: 'clock_in' };

export type ClockOutEntry = PunchBase & {
  kind: 'clock_out';
  waitPay?: number;
  /**
   * A carpet or rug job's final price, in dollars as typed and checked with the shared
   * finalPriceAmountSchema; sent with it, every time. Absent on clock-outs without one and on
   * every entry recorded before it existed, whose body is then what it always was.
   */
  finalPrice?: string;
  /** What the server made of `finalPrice`, once it has answered the clock-out. */
  finalPriceOutcome?: FinalPriceOutcome;
};

/** A photo; its bytes are stored beside it (PhotoBytes) until the server has them. */
export type PhotoEntry = EntryBase<PhotoStatus> & {
  kind: 'photo';
  photoType?: PhotoType;
  fileName?: string;
  /** Its size in pixels as the phone measured it; absent on photos queued before it was kept. */
  width?: number;
  height?: number;
  /** The checklist task it was taken for (sent as `checklistItemKeys`); absent on the others. */
  checklistItemKey?: string;
};

export type PunchEntry = ClockInEntry | ClockOutEntry;

/**
 * "On my way" (issue 32): sent like a punch, with where the phone was if found within 10 s. The
 * server's answer (the arrival the client was told) is kept on it once sent.
 */
export type EnRouteEntry = PunchBase & {
  kind: 'en_route';
  enRoute?: { etaAt: string | null; message: string };
};

/** One checklist task ticked (done) or unticked, on the checklist version the phone showed. */
export type ChecklistTickEntry = EntryBase & {
  kind: 'checklist_tick';
  version: number;
  itemKey: string;
  /** The task's words, for the sync queue ("Checklist: <task>"); never sent. */
  task: string;
  done: boolean;
};

/** What waits for a location before it goes: the punches and "On my way". */
export type LocatedEntry = PunchEntry | EnRouteEntry;

export type OutboxEntry = LocatedEntry | ChecklistTickEntry | PhotoEntry;

export const isLocated = (entry: OutboxEntry): entry is LocatedEntry =>
  entry.kind === 'clock_in' || entry.kind === 'clock_out' || entry.kind === 'en_route';

export const isPunch = (entry: OutboxEntry): entry is PunchEntry =>
  entry.kind === 'clock_in' || entry.kind === 'clock_out';

/** A photo's bytes until the server has it: ArrayBuffer + type, as Safari loses stored Blobs. */
export type PhotoBytes = { id: string; bytes: ArrayBuffer; mimeType: string };

/**
 * What an entry may change to once stored: any kind's fields (a drain's attempt, a punch's
 * location), never its kind or id.
 */
export type EntryPatch = Partial<
  Omit<EntryBase, 'id'> &
    Omit<PunchBase, keyof EntryBase> &
    Pick<ClockOutEntry, 'finalPriceOutcome'> &
    Pick<EnRouteEntry, 'enRoute'>
>;
