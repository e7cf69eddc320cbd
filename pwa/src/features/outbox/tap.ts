import type { ChecklistTickEntry, ClockOutEntry, EnRouteEntry, PunchEntry } from './entry';
import { asFinder, locateByFor, ON_MY_WAY_LOCATE_MS } from './finder';
import { startEntry } from './new-entry';
import { forget, journal } from './tap-journal';

// What a tap needs before the outbox's code (and Dexie) has loaded: this module is on the first
// screen, the recorder is not.

/**
 * The recorder (and Dexie), loaded after the tap was journaled. Should it fail to load (offline
 * on a first visit), the tap is dropped from the journal and fails: nothing half-kept.
 */
async function recorder(id: string): Promise<typeof import('./record')> {
  try {
    return await import('./record');
  } catch (error) {
    forget(id);
    throw error;
  }
}

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
  return asFinder(entry.id, async () => (await recorder(entry.id)).storePunch(entry));
}

/**
 * Records "On my way" at the tap, as a punch is recorded (journal first, then the outbox with its
 * location): the fix is looked for 10 s at most, and the tap never waits on it to be kept.
 */
export function tapOnMyWay(providerId: string, bookingId: string): Promise<EnRouteEntry> {
  const tap = startEntry(providerId, bookingId);
  const entry: EnRouteEntry = {
    ...tap,
    kind: 'en_route',
    status: 'locating',
    locateBy: locateByFor(tap.occurredAt, ON_MY_WAY_LOCATE_MS),
  };
  journal(entry);
  return asFinder(entry.id, async () => (await recorder(entry.id)).storePunch(entry));
}

/** A checklist task ticked or unticked, as the provider saw it. */
export type Tick = Pick<ChecklistTickEntry, 'version' | 'itemKey' | 'task' | 'done'>;

/**
 * What became of a tick: in the outbox ('stored'), or only in the journal ('journaled': the
 * outbox write failed, and the next drain moves it there and sends it). When neither could keep
 * it, the promise fails: then, and only then, nothing was kept.
 */
export type TickKept = 'stored' | 'journaled';

/**
 * Records a checklist tick at the tap: in the journal at once (a page closed before the outbox
 * loads loses nothing), then in the outbox, from where it is sent once. The journal entry is
 * dropped only once the outbox holds it (journal-move.ts keep), so a failed outbox write still
 * leaves the tick to be sent.
 */
export async function tapTick(
  providerId: string,
  bookingId: string,
  tick: Tick,
): Promise<TickKept> {
  const entry: ChecklistTickEntry = {
    ...startEntry(providerId, bookingId),
    kind: 'checklist_tick',
    status: 'pending',
    version: tick.version,
    itemKey: tick.itemKey,
    task: tick.task,
    done: tick.done,
  };
  const journaled = journal(entry);
  const record = await recorder(entry.id);
  try {
    await record.storeTick(entry);
    return 'stored';
  } catch (error) {
    if (!journaled) throw error;
    return 'journaled';
  }
}
