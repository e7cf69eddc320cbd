import type { OutboxEntry } from './db';
import { asFinder, locateByFor } from './finder';
import { forget, journal } from './tap-journal';

// What a tap needs before the outbox's code (and Dexie) has loaded: this module is on the first
// screen, the recorder is not.

type Common = Pick<
  OutboxEntry,
  'id' | 'providerId' | 'bookingId' | 'occurredAt' | 'offline' | 'attempts'
>;

export const common = (providerId: string, bookingId: string): Common => ({
  id: crypto.randomUUID(),
  providerId,
  bookingId,
  occurredAt: new Date().toISOString(),
  offline: !navigator.onLine,
  attempts: 0,
});

/**
 * Records a clock-in or clock-out at the tap: in the journal at once, then in the outbox with
 * its location once the recorder has loaded. Returns the entry once its location is settled.
 * Should the recorder fail to load (offline on a first visit), nothing is kept and the tap fails.
 */
export function tapPunch(
  providerId: string,
  bookingId: string,
  kind: 'clock_in' | 'clock_out',
  clockOut: Pick<OutboxEntry, 'waitPay' | 'finalPrice'> = {},
): Promise<OutboxEntry> {
  const tap = common(providerId, bookingId);
  const entry: OutboxEntry = {
    ...tap,
    kind,
    status: 'locating',
    locateBy: locateByFor(tap.occurredAt),
    ...(kind === 'clock_out' ? { waitPay: clockOut.waitPay } : {}),
    // Only a clock-out that has one: see send.ts punchBody.
    ...(kind === 'clock_out' && clockOut.finalPrice ? { finalPrice: clockOut.finalPrice } : {}),
  };
  journal(entry);
  return asFinder(entry.id, async () => {
    let recorder: typeof import('./record');
    try {
      recorder = await import('./record');
    } catch (error) {
      forget(entry.id);
      throw error;
    }
    return recorder.storePunch(entry);
  });
}
