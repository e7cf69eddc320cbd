import type { PhotoType } from '@twinclean/shared/photos';
import { type ChecklistTickEntry, isLocated, type LocatedEntry, type PhotoEntry } from './entry';
import { keep } from './journal-move';
import { storeAndLocate } from './locate';
import { startEntry } from './new-entry';
import { finishRawPhotos } from './raw-photos';
import { addPhotos, getEntry } from './storage';
import { announceOutbox } from './store';
import { syncNow } from './sync';

/** Asks Android's Background Sync to wake the app for the outbox; elsewhere the page does it. */
async function requestBackgroundSync(): Promise<void> {
  const registration = await navigator.serviceWorker?.getRegistration('/provider/');
  const sync = (
    registration as
      | (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } })
      | undefined
  )?.sync;
  await sync?.register('outbox').catch(() => {});
}

/**
 * Stores a tapped clock-in, clock-out or "On my way" (tap.ts) in the outbox, then looks for its
 * location until its deadline; whatever happens to this page, the drain lets it go without one by
 * then. Returns the entry once its location is settled.
 */
export async function storePunch<T extends LocatedEntry>(entry: T): Promise<T> {
  const seq = await storeAndLocate(entry, async () => {
    const stored = await keep(entry);
    announceOutbox();
    // Other jobs' entries need not wait for this fix, and the drain looks again at its deadline.
    void syncNow();
    return stored;
  });
  void requestBackgroundSync();
  void syncNow();
  const stored = await getEntry(seq);
  return stored && isLocated(stored) && stored.kind === entry.kind ? (stored as T) : entry;
}

/** Stores a journaled checklist tick (tap.ts) in the outbox and syncs: it needs no location. */
export async function storeTick(entry: ChecklistTickEntry): Promise<void> {
  await keep(entry);
  announceOutbox();
  void requestBackgroundSync();
  void syncNow();
}

/**
 * Keeps the chosen photos as they are, in one transaction, the moment they are chosen: from then
 * on a closed page loses none (raw-photos.ts). Then compresses each, one at a time (ten 12 MP
 * photos decoded at once can exhaust a phone's memory), and syncs.
 */
export async function recordPhotos(
  providerId: string,
  bookingId: string,
  photoType: PhotoType,
  files: readonly File[],
  checklistItemKey?: string,
): Promise<void> {
  const kept = await Promise.all(
    files.map(async (file) => {
      const entry: PhotoEntry = {
        ...startEntry(providerId, bookingId),
        kind: 'photo',
        status: 'raw',
        photoType,
        fileName: file.name,
        // Only a task's photo has one: see send.ts.
        ...(checklistItemKey ? { checklistItemKey } : {}),
      };
      return {
        entry,
        bytes: { id: entry.id, bytes: await file.arrayBuffer(), mimeType: file.type },
      };
    }),
  );
  await addPhotos(kept);
  announceOutbox();
  // Each photo may go while the next compresses.
  await finishRawPhotos(
    kept.map(({ entry }) => entry),
    { wait: true, each: () => void syncNow() },
  );
  void requestBackgroundSync();
}
