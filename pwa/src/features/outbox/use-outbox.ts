import { liveQuery } from 'dexie';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { type OutboxEntry, outboxDb } from './db';
import { syncState } from './sync-state';

/** Live result of a Dexie query: re-renders whenever the outbox changes (in any tab). */
function useLive<T>(query: () => Promise<T>, deps: unknown[], initial: T): T {
  const [value, setValue] = useState<T>(initial);
  useEffect(() => {
    const subscription = liveQuery(query).subscribe({ next: setValue, error: () => {} });
    return () => subscription.unsubscribe();
    // biome-ignore lint/correctness/useExhaustiveDependencies: the caller names the inputs.
  }, deps);
  return value;
}

const NONE: OutboxEntry[] = [];

/** Everything the phone recorded for one job, oldest first. */
export const useJobEntries = (bookingId: string) =>
  useLive(() => outboxDb.entries.where({ bookingId }).sortBy('seq'), [bookingId], NONE);

/** The provider's entries not yet confirmed, and the refused ones, oldest first. */
export const useUnsettledEntries = (providerId: string) =>
  useLive(
    () =>
      outboxDb.entries
        .where('providerId')
        .equals(providerId)
        .filter((e) => e.status !== 'sent')
        .sortBy('seq'),
    [providerId],
    NONE,
  );

export const useSyncState = () => useSyncExternalStore(syncState.subscribe, syncState.get);

/** An object URL for a stored photo, revoked when no longer shown. */
export function usePhotoUrl(id: string): string | null {
  const stored = useLive(() => outboxDb.photoBytes.get(id), [id], undefined);
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!stored) return setUrl(null);
    const made = URL.createObjectURL(new Blob([stored.bytes], { type: stored.mimeType }));
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [stored]);
  return url;
}
