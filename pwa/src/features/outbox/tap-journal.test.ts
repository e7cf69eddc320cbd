import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OutboxEntry, PunchEntry } from './entry';
import { moveJournal } from './journal-move';
import { forget, hasJournal, journal, journaled } from './tap-journal';

// The journal keeps a punch from its tap until the outbox holds it (tap-journal.ts). Moving it
// into the outbox (journal-move.ts keep) needs IndexedDB and is not tested here. The browser's
// localStorage is stood in for by a Map.

class MemoryStorage implements Storage {
  readonly items = new Map<string, string>();
  full = false;
  get length() {
    return this.items.size;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    if (this.full) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    this.items.set(key, String(value));
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  clear() {
    this.items.clear();
  }
}

let storage: MemoryStorage;
beforeEach(() => {
  storage = new MemoryStorage();
  vi.stubGlobal('localStorage', storage);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const punch = (id: string, patch: Partial<PunchEntry> = {}): OutboxEntry => ({
  id,
  providerId: 'p-1',
  kind: 'clock_in',
  bookingId: 'b-1',
  occurredAt: '2026-11-27T16:00:00.000Z',
  status: 'locating',
  locateBy: '2026-11-27T16:00:12.000Z',
  offline: true,
  attempts: 0,
  ...patch,
});

describe('the tap journal', () => {
  it('gives back a journaled punch exactly as it was written', () => {
    const clockOut = punch('a', { kind: 'clock_out', waitPay: 5, finalPrice: '298.5' });
    expect(journal(clockOut)).toBe(true);
    expect(journaled()).toEqual([clockOut]);
    expect(hasJournal()).toBe(true);
  });

  it('keeps one key per punch, so two tabs’ punches never overwrite each other', () => {
    journal(punch('a'));
    journal(punch('b', { kind: 'clock_out' }));
    expect(
      journaled()
        .map((e) => e.id)
        .sort(),
    ).toEqual(['a', 'b']);
    // Journaling the same punch again (a retried tap) keeps one copy.
    journal(punch('a'));
    expect(journaled()).toHaveLength(2);
  });

  it('forgets only the punch the outbox now holds', () => {
    journal(punch('a'));
    journal(punch('b'));
    forget('a');
    expect(journaled().map((e) => e.id)).toEqual(['b']);
    forget('b');
    expect(journaled()).toEqual([]);
    expect(hasJournal()).toBe(false);
  });

  it('reads none of the app’s other keys', () => {
    storage.setItem('twinclean.lastSyncAt', '2026-11-27T16:00:00.000Z');
    storage.setItem('something-else', JSON.stringify(punch('x')));
    expect(journaled()).toEqual([]);
    expect(hasJournal()).toBe(false);
    journal(punch('a'));
    expect(journaled().map((e) => e.id)).toEqual(['a']);
    forget('a');
    expect(storage.items.size).toBe(2);
  });

  it('skips an entry it cannot read and still gives the others', () => {
    journal(punch('a'));
    const [key] = [...storage.items.keys()];
    storage.setItem(`${key?.slice(0, -1)}broken`, '{not json');
    journal(punch('b'));
    expect(
      journaled()
        .map((e) => e.id)
        .sort(),
    ).toEqual(['a', 'b']);
  });

  it('says so when the browser refuses to store the punch, instead of throwing at the tap', () => {
    storage.full = true;
    expect(journal(punch('a'))).toBe(false);
    expect(journaled()).toEqual([]);
  });

  it('has nothing to move into the outbox when empty (and does not open it)', async () => {
    expect(await moveJournal()).toBe(0);
  });
});
