import type { PhotoType } from '@twinclean/shared/photos';
import { compressPhoto } from '../compress';
import { type OutboxEntry, outboxDb } from './db';
import { locateByFor, storeAndLocate } from './locate';
import { announceOutbox } from './store';
import { syncNow } from './sync';

type Common = Pick<
  OutboxEntry,
  'id' | 'providerId' | 'bookingId' | 'occurredAt' | 'offline' | 'attempts'
>;

const common = (providerId: string, bookingId: string): Common => ({
  id: crypto.randomUUID(),
  providerId,
  bookingId,
  occurredAt: new Date().toISOString(),
  offline: !navigator.onLine,
  attempts: 0,
});

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
 * Records a clock-in or clock-out on the phone at the tap, durable at once, then looks for its
 * location until its deadline; whatever happens to this page, the drain lets the punch go
 * without one by then. Returns the entry once its location is settled.
 */
export async function recordPunch(
  providerId: string,
  bookingId: string,
  kind: 'clock_in' | 'clock_out',
  waitPay?: number,
): Promise<OutboxEntry> {
  const tap = common(providerId, bookingId);
  const entry: OutboxEntry = {
    ...tap,
    kind,
    status: 'locating',
    locateBy: locateByFor(tap.occurredAt),
    ...(kind === 'clock_out' ? { waitPay } : {}),
  };
  const seq = await storeAndLocate(entry, async () => {
    const stored = (await outboxDb.entries.add(entry)) as number;
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
