import { describe, expect, it } from 'vitest';
import type { OutboxEntry, PunchEntry } from './entry';
import { isFailing, syncSummary } from './sync-summary';

// README "Offline", "Nothing is hidden": the badge shows what waits, anything refused, and, from
// the third server error in a row on one entry, "N failing" with the server's answer.

let seq = 0;
const entry = (patch: Partial<PunchEntry> = {}): OutboxEntry => ({
  seq: ++seq,
  id: `e-${seq}`,
  providerId: 'p-1',
  kind: 'clock_in',
  bookingId: 'b-1',
  occurredAt: '2026-11-27T16:00:00.000Z',
  status: 'pending',
  offline: false,
  attempts: 0,
  ...patch,
});
const errors = (count: number) => ({
  serverErrors: { count, status: 503, message: 'Down', at: '2026-11-27T16:05:00.000Z' },
});

describe('an entry failing', () => {
  it('is shown from the third server error in a row, not before', () => {
    expect(isFailing(entry())).toBe(false);
    expect(isFailing(entry(errors(1)))).toBe(false);
    expect(isFailing(entry(errors(2)))).toBe(false);
    expect(isFailing(entry(errors(3)))).toBe(true);
    expect(isFailing(entry(errors(40)))).toBe(true);
  });
});

describe('the sync summary', () => {
  it('separates what waits from what was refused, and names the failing among the waiting', () => {
    const pending = entry();
    const locating = entry({ status: 'locating' });
    const failing = entry(errors(3));
    const refused = entry({ status: 'rejected', rejection: { message: 'Canceled' }, ...errors(5) });
    const summary = syncSummary([pending, locating, failing, refused], false);
    expect(summary.waiting).toEqual([pending, locating, failing]);
    expect(summary.rejected).toEqual([refused]);
    // A refusal for good is not "failing": it will never be retried.
    expect(summary.failing).toEqual([failing]);
    expect(summary.signedOut).toBe(false);
  });

  it('counts a photo kept as chosen, still to be compressed, as waiting', () => {
    const raw: OutboxEntry = { ...entry(), kind: 'photo', status: 'raw', photoType: 'before' };
    expect(syncSummary([raw], false).waiting).toEqual([raw]);
    expect(syncSummary([raw], true).signedOut).toBe(true);
  });

  it('says “signed out” only while something waits to be sent', () => {
    expect(syncSummary([entry()], true).signedOut).toBe(true);
    expect(syncSummary([entry({ status: 'rejected' })], true).signedOut).toBe(false);
    expect(syncSummary([], true).signedOut).toBe(false);
  });
});
