/** What the sync status shows besides the entries themselves (one tab's view, in memory). */
export type SyncState = {
  draining: boolean;
  lastSyncAt: string | null;
  /** What went wrong in the last drain that left something unsent, until the outbox empties. */
  lastFailure: string | null;
  /** The server answered 401 or 403: nothing goes until the provider signs in again. */
  signedOut: boolean;
};

const LAST_SYNC_KEY = 'twinclean.lastSyncAt';
let state: SyncState = {
  draining: false,
  lastSyncAt: localStorage.getItem(LAST_SYNC_KEY),
  lastFailure: null,
  signedOut: false,
};
const listeners = new Set<() => void>();

export function setSyncState(patch: Partial<SyncState>) {
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
