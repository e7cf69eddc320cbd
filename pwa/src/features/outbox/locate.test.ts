import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PunchEntry } from './entry';
import { finderLock, locateByFor } from './finder';
import { releaseIfDue, storeAndLocate } from './locate';

// README "Offline": a punch waits for its fix at most 12 s from the tap (10 s plus time for the
// permission prompt); if the page looking for it is gone (reloaded, closed), the page draining the
// outbox looks in its place until that deadline (issue 29). The phone's location
// and Web Locks (the outside world) are stubbed. Settling a punch writes the outbox, which needs
// IndexedDB: here that write fails at once (Dexie cannot open the outbox), so these tests see
// *when* a punch stops waiting, not what it is then marked with.

const TAP = '2026-11-27T16:00:00.000Z';
const TAP_MS = Date.parse(TAP);
const LOCATE_BY = '2026-11-27T16:00:12.000Z';

let ids = 0;
const punch = (patch: Partial<PunchEntry> = {}): PunchEntry & { seq: number } => ({
  seq: 1,
  id: `punch-${++ids}`,
  providerId: 'p-1',
  kind: 'clock_in',
  bookingId: 'b-1',
  occurredAt: TAP,
  status: 'locating',
  locateBy: LOCATE_BY,
  offline: false,
  attempts: 0,
  ...patch,
});

/** Stands for the outbox write a released punch makes, which cannot happen without IndexedDB. */
const settledWithoutOutbox = (error: unknown): 'settled' => {
  // The first write finds no IndexedDB; Dexie answers every later one with "closed".
  expect(['MissingAPIError', 'DatabaseClosedError']).toContain((error as Error).name);
  return 'settled' as const;
};

/** Released, with an outbox to write (null), or trying to write one that is not there. */
const released = (wait: unknown) => (wait === null ? ('settled' as const) : wait);

/** Web Locks as a page sees them: which locks are held, and waiting for one to be let go. */
function fakeLocks(held: string[]) {
  const waiting = new Map<string, () => void>();
  return {
    query: vi.fn(async () => ({ held: held.map((name) => ({ name })) })),
    request: vi.fn((name: string, ...args: unknown[]): Promise<unknown> => {
      const [options, callback] = args as [{ ifAvailable?: boolean }, LockGrantedCallback<unknown>];
      // Asked for only if free: granted (a lock) or refused (null) at once.
      if (args.length === 2 && options.ifAvailable) {
        return Promise.resolve(callback(held.includes(name) ? null : ({ name } as Lock)));
      }
      return new Promise<void>((resolve) => waiting.set(name, resolve));
    }),
    letGo: (name: string) => waiting.get(name)?.(),
  };
}

/** A phone whose position comes after `afterMs`, or never. */
function fakeGeolocation(afterMs: number | null) {
  return {
    getCurrentPosition: vi.fn((found: PositionCallback) => {
      if (afterMs === null) return;
      setTimeout(
        () =>
          found({
            coords: { latitude: 44.97, longitude: -93.26, accuracy: 12 },
            timestamp: Date.now(),
          } as GeolocationPosition),
        afterMs,
      );
    }),
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(TAP_MS);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('a punch’s deadline', () => {
  it('is 12 s after its tap', () => {
    expect(locateByFor(TAP)).toBe(LOCATE_BY);
    expect(locateByFor('2026-12-31T23:59:55.500Z')).toBe('2027-01-01T00:00:07.500Z');
  });

  it('has its own finder lock per punch', () => {
    expect(finderLock('a')).not.toBe(finderLock('b'));
  });
});

describe('the drain at a punch still finding its location', () => {
  it('holds it (and only till its deadline) while its page still looks', async () => {
    const entry = punch();
    const locks = fakeLocks([finderLock(entry.id)]);
    vi.stubGlobal('navigator', { locks });
    vi.setSystemTime(TAP_MS + 11_999);
    const wait = await releaseIfDue(entry);
    expect(wait?.until).toBe(Date.parse(LOCATE_BY));
    expect(wait?.finderDone).toBeInstanceOf(Promise);
  });

  it('lets it go at its deadline, even while its page still looks', async () => {
    const entry = punch();
    vi.stubGlobal('navigator', { locks: fakeLocks([finderLock(entry.id)]) });
    vi.setSystemTime(Date.parse(LOCATE_BY));
    expect(await releaseIfDue(entry).then(released, settledWithoutOutbox)).toBe('settled');
  });

  it('looks for the fix itself until the deadline when the page that looked is gone (reloaded)', async () => {
    // Issue 29: a clock-out tapped a moment before a reload went as "No location from the device".
    const entry = punch();
    const locks = fakeLocks([finderLock('another punch')]);
    const geolocation = fakeGeolocation(null);
    vi.stubGlobal('navigator', { locks, geolocation });
    vi.setSystemTime(TAP_MS + 1_000);
    const wait = await releaseIfDue(entry).then(released, settledWithoutOutbox);
    expect(wait).toMatchObject({ until: Date.parse(LOCATE_BY) });
    expect(geolocation.getCurrentPosition).toHaveBeenCalledTimes(1);
    // It holds the punch's finder lock while it looks, as the tapping page did.
    expect(locks.request).toHaveBeenCalledWith(
      finderLock(entry.id),
      { ifAvailable: true },
      expect.any(Function),
    );
    let done = false;
    void (wait as { finderDone?: Promise<void> }).finderDone?.then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(10_999);
    expect(done).toBe(false);
    // Asked again meanwhile (another drain), it starts no second look.
    await releaseIfDue(entry);
    expect(geolocation.getCurrentPosition).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });

  it('wakes the drain as soon as the page that took over finds the fix', async () => {
    const entry = punch();
    vi.stubGlobal('navigator', {
      locks: fakeLocks([]),
      geolocation: fakeGeolocation(3_000),
    });
    vi.setSystemTime(TAP_MS + 1_000);
    const wait = await releaseIfDue(entry);
    let done = false;
    void wait?.finderDone?.then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(2_999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('leaves the look to another tab that took over first', async () => {
    const entry = punch();
    const locks = fakeLocks([]);
    const geolocation = fakeGeolocation(null);
    // The lock is free when asked about, and taken by the time this page asks for it.
    locks.query.mockResolvedValueOnce({ held: [] });
    vi.stubGlobal('navigator', { locks: { ...locks, query: locks.query }, geolocation });
    const taken = fakeLocks([finderLock(entry.id)]);
    locks.request.mockImplementationOnce(taken.request);
    const wait = await releaseIfDue(entry);
    expect(wait?.until).toBe(Date.parse(LOCATE_BY));
    expect(geolocation.getCurrentPosition).not.toHaveBeenCalled();
  });

  it('is woken when the page that looked lets go, with one watch however often it asks', async () => {
    const entry = punch();
    const locks = fakeLocks([finderLock(entry.id)]);
    vi.stubGlobal('navigator', { locks });
    const first = await releaseIfDue(entry);
    const second = await releaseIfDue(entry);
    expect(second?.finderDone).toBe(first?.finderDone);
    expect(locks.request).toHaveBeenCalledTimes(1);
    expect(locks.request.mock.calls[0]?.[0]).toBe(finderLock(entry.id));

    let woken = false;
    void first?.finderDone?.then(() => {
      woken = true;
    });
    await Promise.resolve();
    expect(woken).toBe(false);
    locks.letGo(finderLock(entry.id));
    await vi.waitFor(() => expect(woken).toBe(true));
    // Once settled, a later look watches afresh.
    await releaseIfDue(entry);
    expect(locks.request).toHaveBeenCalledTimes(2);
  });

  it('without Web Locks, waits for the deadline alone', async () => {
    vi.stubGlobal('navigator', {});
    const wait = await releaseIfDue(punch());
    expect(wait).toEqual({ until: Date.parse(LOCATE_BY), finderDone: undefined });
  });

  it('for a punch from before deadlines were stored, counts 12 s from its tap and ignores locks', async () => {
    // Its page held no lock, so a free lock says nothing about it.
    const locks = fakeLocks([]);
    vi.stubGlobal('navigator', { locks });
    const older = punch({ locateBy: undefined });
    vi.setSystemTime(TAP_MS + 11_999);
    expect(await releaseIfDue(older)).toEqual({ until: TAP_MS + 12_000, finderDone: undefined });
    expect(locks.query).not.toHaveBeenCalled();
    vi.setSystemTime(TAP_MS + 12_000);
    expect(await releaseIfDue(older).then(released, settledWithoutOutbox)).toBe('settled');
  });
});

describe('the page looking for a tapped punch’s location', () => {
  const track = (promise: Promise<number>) => {
    const state = { settled: false };
    promise.then(
      () => {
        state.settled = true;
      },
      (error) => {
        settledWithoutOutbox(error);
        state.settled = true;
      },
    );
    return state;
  };

  it('stores the punch first, then waits for a fix until its deadline and no longer', async () => {
    const geolocation = fakeGeolocation(null);
    vi.stubGlobal('navigator', { geolocation });
    const store = vi.fn(async () => {
      expect(geolocation.getCurrentPosition).not.toHaveBeenCalled();
      return 1;
    });
    const state = track(storeAndLocate(punch(), store));
    await vi.advanceTimersByTimeAsync(11_999);
    expect(store).toHaveBeenCalledTimes(1);
    expect(geolocation.getCurrentPosition).toHaveBeenCalledTimes(1);
    expect(state.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(state.settled).toBe(true);
  });

  it('counts the deadline from the tap, not from when it started looking', async () => {
    vi.stubGlobal('navigator', { geolocation: fakeGeolocation(null) });
    // The recorder loaded 5 s after the tap.
    vi.setSystemTime(TAP_MS + 5_000);
    const state = track(storeAndLocate(punch(), async () => 1));
    await vi.advanceTimersByTimeAsync(6_999);
    expect(state.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(state.settled).toBe(true);
  });

  it('goes at once when its deadline passed before it could look', async () => {
    vi.stubGlobal('navigator', { geolocation: fakeGeolocation(null) });
    vi.setSystemTime(TAP_MS + 60_000);
    const state = track(storeAndLocate(punch(), async () => 1));
    await vi.advanceTimersByTimeAsync(0);
    expect(state.settled).toBe(true);
  });

  it('goes as soon as a fix comes, leaving no deadline timer behind', async () => {
    vi.stubGlobal('navigator', { geolocation: fakeGeolocation(3_000) });
    const state = track(storeAndLocate(punch(), async () => 1));
    await vi.advanceTimersByTimeAsync(2_999);
    expect(state.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(state.settled).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });
});
