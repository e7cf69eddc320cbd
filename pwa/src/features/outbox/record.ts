import type { PhotoType } from '@twinclean/shared/photos';
import { compressPhoto } from '../compress';
import { type OutboxEntry, outboxDb } from './db';
import { keep } from './journal-move';
import { storeAndLocate } from './locate';
import { announceOutbox } from './store';
import { syncNow } from './sync';
import { common } from './tap';

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
export async function storePunch(entry: OutboxEntry): Promise<OutboxEntry> {
  const seq = await storeAndLocate(entry, async () => {
    const stored = await keep(entry);
    announceOutbox();
    // Other jobs' entries need not wait for this fix, and the drain looks again at its deadline.
    void syncNow();
    return stored;
  });
  void requestBackgroundSync();
  void syncNow();
  return (await outboxDb.entries.get(seq)) ?? entry;
}

/** Compresses each photo and stores it with its entry in one transaction, then syncs. */
export async function recordPhotos(
  providerId: string,
  bookingId: string,
  photoType: PhotoType,
  files: readonly File[],
): Promise<void> {
  // One at a time: ten 12 MP photos decoded at once can exhaust a phone's memory.
  const prepared: { file: File; bytes: ArrayBuffer; mimeType: string }[] = [];
  for (const file of files) {
    const compressed = await compressPhoto(file);
    prepared.push({ file, bytes: await compressed.arrayBuffer(), mimeType: compressed.type });
  }
  await outboxDb.transaction('rw', outboxDb.entries, outboxDb.photoBytes, async () => {
    for (const { file, bytes, mimeType } of prepared) {
      const entry: OutboxEntry = {
        ...common(providerId, bookingId),
        kind: 'photo',
        status: 'pending',
        photoType,
        fileName: file.name,
      };
      await outboxDb.entries.add(entry);
      await outboxDb.photoBytes.add({ id: entry.id, bytes, mimeType });
    }
  });
  announceOutbox();
  void requestBackgroundSync();
  void syncNow();
}
