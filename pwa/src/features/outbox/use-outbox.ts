import { useEffect, useState, useSyncExternalStore } from 'react';
import type { OutboxEntry } from './entry';
import type { Watch } from './storage';
import { openOutbox, whenOutbox } from './store';
import { syncState } from './sync-state';

type Storage = Awaited<ReturnType<typeof openOutbox>>;

/**
 * Live result of a read of the outbox: re-renders whenever it changes (in any tab). Until this
 * browser has an outbox there is nothing to read, and Dexie is not loaded.
 */
function useLive<T>(watch: (storage: Storage) => Watch<T>, deps: unknown[], initial: T): T {
  const [value, setValue] = useState<T>(initial);
  useEffect(() => {
    let stopped = false;
    let subscription: { unsubscribe(): void } | undefined;
    const stopWaiting = whenOutbox(() => {
      void openOutbox().then((storage) => {
        if (stopped) return;
        subscription = watch(storage).subscribe({
          next: setValue,
          error: () => {},
        });
      });
    });
    return () => {
      stopped = true;
      stopWaiting();
      subscription?.unsubscribe();
    };
    // biome-ignore lint/correctness/useExhaustiveDependencies: the caller names the inputs.
  }, deps);
  return value;
}

const NONE: OutboxEntry[] = [];

/** Everything the phone recorded for one job, oldest first. */
export const useJobEntries = (bookingId: string) =>
  useLive((storage) => storage.watchJobEntries(bookingId), [bookingId], NONE);

/** The provider's entries not yet confirmed, and the refused ones, oldest first. */
export const useUnsettledEntries = (providerId: string) =>
  useLive((storage) => storage.watchUnsettledEntries(providerId), [providerId], NONE);

export const useSyncState = () => useSyncExternalStore(syncState.subscribe, syncState.get);

/** A visit's home notes kept on this phone, live (undefined while none). */
export const useKeptNotes = (bookingId: string) =>
  useLive((storage) => storage.watchEntryNotes(bookingId), [bookingId], undefined);

/** An object URL for a stored photo, revoked when no longer shown. */
export function usePhotoUrl(id: string): string | null {
  const stored = useLive((storage) => storage.watchPhotoBytes(id), [id], undefined);
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!stored) return setUrl(null);
    const made = URL.createObjectURL(new Blob([stored.bytes], { type: stored.mimeType }));
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [stored]);
  return url;
}
