import { afterAnswer, attemptPatch, stepFor } from './drain-steps';
import type { OutboxEntry } from './entry';
import { moveJournal } from './journal-move';
import { type LocatingWait, releaseIfDue } from './locate';
import { finishLeftPhotos } from './raw-photos';
import { type SendOutcome, sendEntry } from './send';
import { getEntry, saveAttempt, unsentEntries } from './storage';
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

type Stored = OutboxEntry & { seq: number };

/**
 * Sends the provider's entries oldest first, one at a time. Order matters only within a job (a
 * clock-out follows its clock-in, a photo its punch), so an entry that cannot go yet (finding
 * its location, backing off after a server error) holds back its own job's later entries while
 * other jobs' go on, still oldest first. A refusal for good is recorded and holds back nothing.
 * No connection or no session stops everything, to be retried later in the same order.
 * `force` (the provider's "Sync now") skips the backoff. One tab drains at a time (Web Locks).
 * Each decision is a step of drain-steps.ts.
 */
export async function drainOutbox(
  providerId: string,
  onReport: (report: DrainReport) => void,
  force: boolean,
): Promise<DrainResult> {
  const run = async (): Promise<DrainResult> => {
    // Punches whose page closed before storing them join the queue first.
    if (await moveJournal()) announceOutbox();
    // Photos whose page closed while compressing them.
    await finishLeftPhotos(providerId);
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
      const waiting = async () =>
        (await unsentEntries(providerId)).filter((e) => !held.has(e.bookingId));
      // One read of the outbox per pass, not per entry: a pass sends or holds back every entry
      // it read, and entries recorded meanwhile come in the next.
      for (let pass = await waiting(); pass.length > 0; pass = await waiting()) {
        for (const listed of pass) {
          const seq = listed.seq;
          if (held.has(listed.bookingId) || seq === undefined) continue;
          let entry: Stored = { ...listed, seq };
          let step = stepFor(entry, { force, now: Date.now() });
          if (step.step === 'locate') {
            const wait = await releaseIfDue(step.punch);
            if (wait) {
              hold(entry, wait);
              continue;
            }
            // Released: pending now, with no fix or the one that just beat us.
            const released = await getEntry(seq);
            if (released?.status !== 'pending') {
              held.add(entry.bookingId);
              continue;
            }
            entry = { ...released, seq };
            step = stepFor(entry, { force, now: Date.now() });
          }
          if (step.step === 'back_off') {
            // Still true of the server: what it said last time.
            failure ??= step.failure;
            hold(entry, { until: step.until });
            continue;
          }
          const outcome = await sendEntry(entry);
          const settled = await recordAttempt(entry, outcome);
          const after = afterAnswer(outcome);
          if (after.next === 'stop') {
            setSyncState(after.sync);
            return { result: after.result };
          }
          if (syncState.get().signedOut) setSyncState({ signedOut: false });
          if (after.next === 'hold') {
            failure = after.failure;
            hold(entry, { until: new Date(settled.retryAt ?? 0).getTime() });
          } else {
            report[after.as].push(settled);
          }
        }
      }
      if ((await unsentEntries(providerId)).length === 0) {
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

/** Records an attempt's outcome on the entry, and drops a photo's bytes once the server has them. */
async function recordAttempt(entry: Stored, outcome: SendOutcome): Promise<OutboxEntry> {
  const patch = attemptPatch(entry, outcome, new Date());
  // A refused photo keeps its bytes: nothing the provider took is thrown away.
  const sentPhoto = outcome.result === 'sent' && entry.kind === 'photo';
  await saveAttempt(entry.seq, patch, sentPhoto ? entry.id : undefined);
  return { ...entry, ...patch };
}
