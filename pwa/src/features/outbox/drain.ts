import { type OutboxEntry, outboxDb } from './db';
import { type SendOutcome, sendEntry } from './send';

/** What the sync status shows besides the entries themselves. */
export type SyncState = {
  draining: boolean;
  lastSyncAt: string | null;
  /** Why the last drain stopped early, until one succeeds. */
  lastFailure: string | null;
  nextRetryAt: string | null;
};

const LAST_SYNC_KEY = 'twinclean.lastSyncAt';
let state: SyncState = {
  draining: false,
  lastSyncAt: localStorage.getItem(LAST_SYNC_KEY),
  lastFailure: null,
  nextRetryAt: null,
};
const listeners = new Set<() => void>();

function setState(patch: Partial<SyncState>) {
  state = { ...state, ...patch };
  if (patch.lastSyncAt) localStorage.setItem(LAST_SYNC_KEY, patch.lastSyncAt);
  for (const listener of listeners) listener();
}

export const syncState = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export type DrainReport = { sent: OutboxEntry[]; rejected: OutboxEntry[] };

/**
 * Sends the provider's entries oldest first, one at a time. A refusal for good is
 * recorded and the drain moves on; anything else (offline, 5xx, signed out) stops it, to be
 * retried later in the same order. Only one tab drains at a time (Web Locks).
 */
export async function drainOutbox(
  providerId: string,
  onReport: (report: DrainReport) => void,
): Promise<'done' | 'stopped' | 'busy'> {
  const run = async (): Promise<'done' | 'stopped'> => {
    setState({ draining: true });
    const report: DrainReport = { sent: [], rejected: [] };
    try {
      for (;;) {
        const entry = await oldestUnsent(providerId);
        if (!entry?.seq) {
          setState({ lastSyncAt: new Date().toISOString(), lastFailure: null });
          return 'done';
        }
        // A punch still finding its location holds back what came after it (a photo taken
        // meanwhile would reach the server before its clock-in); recordPunch drains again
        // once the location is in.
        if (entry.status === 'locating') return 'done';
        const outcome = await sendEntry(entry);
        const settled = await settle(entry, outcome);
        if (outcome.result === 'retry') {
          setState({ lastFailure: outcome.reason });
          return 'stopped';
        }
        (outcome.result === 'sent' ? report.sent : report.rejected).push(settled);
      }
    } finally {
      setState({ draining: false });
      if (report.sent.length || report.rejected.length) onReport(report);
    }
  };
  if (!navigator.locks) return run();
  return navigator.locks.request('twinclean-outbox', { ifAvailable: true }, (lock) =>
    lock ? run() : ('busy' as const),
  );
}

/** The provider's oldest entry still to send, whether ready or waiting for its location. */
async function oldestUnsent(providerId: string): Promise<OutboxEntry | undefined> {
  const heads = await Promise.all(
    (['locating', 'pending'] as const).map((status) =>
      outboxDb.entries.where('[providerId+status]').equals([providerId, status]).first(),
    ),
  );
  return heads
    .filter((entry): entry is OutboxEntry => entry !== undefined)
    .sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0))[0];
}

/** Records an attempt's outcome on the entry, and drops a photo's bytes once the server has them. */
async function settle(entry: OutboxEntry, outcome: SendOutcome): Promise<OutboxEntry> {
  const seq = entry.seq as number;
  const attempts = entry.attempts + 1;
  const patch: Partial<OutboxEntry> =
    outcome.result === 'sent'
      ? {
          status: 'sent',
          attempts,
          sentAt: new Date().toISOString(),
          lastError: undefined,
          geofence: outcome.geofence,
        }
      : outcome.result === 'rejected'
        ? {
            status: 'rejected',
            attempts,
            rejection: { message: outcome.message, code: outcome.code },
          }
        : { attempts, lastError: outcome.reason };
  await outboxDb.transaction('rw', outboxDb.entries, outboxDb.photoBytes, async () => {
    await outboxDb.entries.update(seq, patch);
    // A refused photo keeps its bytes: nothing the provider took is thrown away.
    if (outcome.result === 'sent' && entry.kind === 'photo') {
      await outboxDb.photoBytes.delete(entry.id);
    }
  });
  return { ...entry, ...patch };
}
