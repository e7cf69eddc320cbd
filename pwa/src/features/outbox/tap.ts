import type { ClockOutEntry, PunchEntry } from './entry';
import { asFinder, locateByFor } from './finder';
import { startEntry } from './new-entry';
import { forget, journal } from './tap-journal';

// What a tap needs before the outbox's code (and Dexie) has loaded: this module is on the first
// screen, the recorder is not.

/**
 * Records a clock-in or clock-out at the tap: in the journal at once, then in the outbox with
 * its location once the recorder has loaded. Returns the entry once its location is settled.
 * Should the recorder fail to load (offline on a first visit), nothing is kept and the tap fails.
 */
export function tapPunch(
  providerId: string,
  bookingId: string,
  kind: PunchEntry['kind'],
  clockOut: Pick<ClockOutEntry, 'waitPay' | 'finalPrice'> = {},
): Promise<PunchEntry> {
  const tap = startEntry(providerId, bookingId);
  const locating = {
    ...tap,
    status: 'locating',
    locateBy: locateByFor(tap.occurredAt),
  } as const;
  const entry: PunchEntry =
    kind === 'clock_in'
      ? { ...locating, kind }
      : {
          ...locating,
          kind,
          waitPay: clockOut.waitPay,
          // Only a clock-out that has one: see send.ts punchBody.
          ...(clockOut.finalPrice ? { finalPrice: clockOut.finalPrice } : {}),
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
