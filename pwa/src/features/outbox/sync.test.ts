import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DrainResult } from './drain';

// The page's drain loop (sync.ts) with the drain itself stubbed: what wakes it again.

const drainOutbox = vi.fn<() => Promise<DrainResult>>();
vi.mock('./drain', () => ({ drainOutbox }));
vi.mock('./store', () => ({ outboxExists: async () => true }));
vi.mock('./tap-journal', () => ({ hasJournal: () => false }));
vi.mock('./sync-state', () => ({ setSyncState: () => {} }));

const listeners = { addEventListener: () => {}, removeEventListener: () => {} };

beforeEach(() => {
  vi.stubGlobal('document', { ...listeners, visibilityState: 'visible' });
  vi.stubGlobal('window', listeners);
  vi.stubGlobal('navigator', {});
  drainOutbox.mockReset();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the drain loop', () => {
  it('drains again when a wake settled while the drain that returned it was still running', async () => {
    // Issue 29: a reloaded page finds a punch's fix during the very drain that started looking;
    // the punch must go at once, not at its deadline.
    const settled = Promise.resolve();
    drainOutbox
      .mockResolvedValueOnce({ result: 'idle', wakeAt: null, wakeOn: [settled] })
      .mockResolvedValue({ result: 'idle', wakeAt: null, wakeOn: [] });
    const { startSync } = await import('./sync');
    const stop = startSync('p-1', () => {});
    try {
      await vi.waitFor(() => expect(drainOutbox).toHaveBeenCalledTimes(2));
    } finally {
      stop();
    }
  });
});
