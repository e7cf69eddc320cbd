import { backoffMs } from './backoff';
import { type OutboxEntry, outboxDb } from './db';
import { moveJournal } from './journal-move';
import { type LocatingWait, releaseIfDue } from './locate';
import { type SendOutcome, sendEntry } from './send';
import { announceOutbox } from './store';
import { setSyncState, syncState } from './sync-state';

export type DrainReport = { sent: OutboxEntry[]; rejected: OutboxEntry[] };

/**
 * How a drain ended: it went through every job ('idle'; a held-back entry may go at `wakeAt`, or
 * when one of `wakeOn` settles), or it stopped for the whole outbox (no connection, signed out,
 * another tab draining).
 */
export type DrainResult =
  | { result: 'idle'; wakeAt: number | null; wakeOn: Promise<void>[] }
  | { result: 'offline' | 'signed_out' | 'busy' }
  /** The drain itself threw (an answer cut off mid-read, storage refusing a write). */
  | { result: 'failed' };

const serverSaid = (outcome: SendOutcome & { status: number; message: string }) =>
  `Server said ${outcome.status}: ${outcome.message}`;

/**
 * Sends the provider's entries oldest first, one at a time. Order matters only within a job (a
 * clock-out follows its clock-in, a photo its punch), so an entry that cannot go yet (finding
 * its location, backing off after a server error) holds back its own job's later entries while
 * other jobs' go on, still oldest first. A refusal for good is recorded and holds back nothing.
 * No connection or no session stops everything, to be retried later in the same order.
 * `force` (the provider's "Sync now") skips the backoff. One tab drains at a time (Web Locks).
 */
export async function drainOutbox(
  providerId: string,
  onReport: (report: DrainReport) => void,
  force: boolean,
): Promise<DrainResult> {
  const run = async (): Promise<DrainResult> => {
    // Punches whose page closed before storing them join the queue first.
    if (await moveJournal()) announceOutbox();
    setSyncState({ draining: true });
    const report: DrainReport = { sent: [], rejected: [] };
    const held = new Set<string>();
    let wakeAt: number | null = null;
    const wakeOn: Promise<void>[] = [];
    const hold = (entry: OutboxEntry, { until, finderDone }: LocatingWait) => {
      held.add(entry.bookingId);
      wakeAt = Math.min(wakeAt ?? until, until);
      if (finderDone) wakeOn.push(finderDone);
    };
    let failure: string | null = null;
    try {
      const waiting = async () => (await unsent(providerId)).filter((e) => !held.has(e.bookingId));
      // One read of the outbox per pass, not per entry: a pass sends or holds back every entry
      // it read, and entries recorded meanwhile come in the next.
      for (let pass = await waiting(); pass.length > 0; pass = await waiting()) {
        for (const listed of pass) {
          const seq = listed.seq;
          if (held.has(listed.bookingId) || seq === undefined) continue;
          let entry = listed;
          if (entry.status === 'locating') {
            const wait = await releaseIfDue({ ...entry, seq });
            if (wait) {
              hold(entry, wait);
              continue;
            }
            // Released: pending now, with no fix or the one that just beat us.
            const released = await outboxDb.entries.get(seq);
            if (released?.status !== 'pending') {
              held.add(entry.bookingId);
              continue;
            }
            entry = released;
          }
          const retryAt = entry.retryAt ? new Date(entry.retryAt).getTime() : 0;
          if (!force && retryAt > Date.now()) {
            // Still true of the server: what it said last time.
            failure ??= entry.lastError ?? null;
            hold(entry, { until: retryAt });
            continue;
          }
          const outcome = await sendEntry(entry);
          const settled = await recordAttempt(entry, outcome);
          if (outcome.result === 'offline') {
            setSyncState({ lastFailure: 'No connection' });
            return { result: 'offline' };
          }
          if (outcome.result === 'signed_out') {
            setSyncState({ lastFailure: serverSaid(outcome), signedOut: true });
            return { result: 'signed_out' };
          }
          if (syncState.get().signedOut) setSyncState({ signedOut: false });
          if (outcome.result === 'server_error') {
            failure = serverSaid(outcome);
            hold(entry, { until: new Date(settled.retryAt ?? 0).getTime() });
          } else {
            (outcome.result === 'sent' ? report.sent : report.rejected).push(settled);
          }
        }
      }
      if ((await unsent(providerId)).length === 0) {
        setSyncState({ lastSyncAt: new Date().toISOString() });
      }
      setSyncState({ lastFailure: failure });
      return { result: 'idle', wakeAt, wakeOn };
    } finally {
      setSyncState({ draining: false });
      if (report.sent.length || report.rejected.length) onReport(report);
    }
  };
  if (!navigator.locks) return run();
  return navigator.locks.request('twinclean-outbox', { ifAvailable: true }, (lock) =>
    lock ? run() : { result: 'busy' as const },
  );
}

/** The provider's entries still to send, ready or finding their location, oldest first. */
async function unsent(providerId: string): Promise<OutboxEntry[]> {
  const entries = await outboxDb.entries
    .where('[providerId+status]')
    .anyOf([
      [providerId, 'locating'],
      [providerId, 'pending'],
    ])
    .toArray();
  return entries.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
}

/**
 * Records an attempt's outcome on the entry, and drops a photo's bytes once the server has them.
 * A run of server errors is counted, and any other answer ends it; a failed fetch is no answer.
 */
async function recordAttempt(entry: OutboxEntry, outcome: SendOutcome): Promise<OutboxEntry> {
  const seq = entry.seq as number;
  const now = new Date();
  const attempt = { attempts: entry.attempts + 1 };
  const answered = {
    ...attempt,
    lastError: undefined,
    serverErrors: undefined,
    retryAt: undefined,
  };
  let patch: Partial<OutboxEntry>;
  switch (outcome.result) {
    case 'sent':
      patch = {
        ...answered,
        status: 'sent',
        sentAt: now.toISOString(),
        geofence: outcome.geofence,
        ...(outcome.finalPrice && { finalPriceOutcome: outcome.finalPrice }),
      };
      break;
    case 'rejected':
      patch = {
        ...answered,
        status: 'rejected',
        rejection: { message: outcome.message, code: outcome.code },
      };
      break;
    case 'signed_out':
      patch = { ...answered, lastError: serverSaid(outcome) };
      break;
    case 'server_error': {
      const count = (entry.serverErrors?.count ?? 0) + 1;
      const { status, message } = outcome;
      patch = {
        ...attempt,
        lastError: serverSaid(outcome),
        serverErrors: { count, status, message, at: now.toISOString() },
        // The server's Retry-After can lengthen our backoff, never shorten it: phones that all
        // retry each second would keep a struggling server down.
        retryAt: new Date(
          now.getTime() + Math.max(outcome.retryAfterMs ?? 0, backoffMs(count)),
        ).toISOString(),
      };
      break;
    }
    case 'offline':
      patch = { ...attempt, lastError: 'No connection' };
  }
  await outboxDb.transaction('rw', outboxDb.entries, outboxDb.photoBytes, async () => {
    await outboxDb.entries.update(seq, patch);
    // A refused photo keeps its bytes: nothing the provider took is thrown away.
    if (outcome.result === 'sent' && entry.kind === 'photo') {
      await outboxDb.photoBytes.delete(entry.id);
    }
  });
  return { ...entry, ...patch };
}
