import type { PhotoType } from '@twinclean/shared/photos';
import type { PhotoEntry, PunchEntry } from './entry';
import { keep } from './journal-move';
import { storeAndLocate } from './locate';
import { startEntry } from './new-entry';
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
 * Stores a tapped clock-in or clock-out (tap.ts) in the outbox, then looks for its location until
 * its deadline; whatever happens to this page, the drain lets the punch go without one by then.
 * Returns the entry once its location is settled.
 */
export async function storePunch(entry: PunchEntry): Promise<PunchEntry> {
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
  return stored && stored.kind !== 'photo' ? stored : entry;
}

/** A photo made ready to store: compressed, its bytes read and measured (photos/save-photos.ts). */
export type PreparedPhoto = {
  fileName: string;
  bytes: ArrayBuffer;
  mimeType: string;
  width?: number;
  height?: number;
};

/** Stores each photo with its entry in one transaction, then syncs. */
export async function recordPhotos(
  providerId: string,
  bookingId: string,
  photoType: PhotoType,
  photos: readonly PreparedPhoto[],
): Promise<void> {
  await addPhotos(
    photos.map(({ fileName, bytes, mimeType, width, height }) => {
      const entry: PhotoEntry = {
        ...startEntry(providerId, bookingId),
        kind: 'photo',
        status: 'pending',
        photoType,
        fileName,
        ...(width && height && { width, height }),
      };
      return { entry, bytes: { id: entry.id, bytes, mimeType } };
    }),
  );
  announceOutbox();
  void requestBackgroundSync();
  void syncNow();
}
