import type { PhotoType } from '@twinclean/shared/photos';
import { compressPhoto } from '../compress';
import { currentLocation } from '../location';
import { type OutboxEntry, outboxDb } from './db';
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
 * Records a clock-in or clock-out on the phone first, stamped with the tap's time; the location
 * (at most 10 s) is added when it comes, and only then may the punch be sent. Returns the entry
 * once it is complete.
 */
export async function recordPunch(
  providerId: string,
  bookingId: string,
  kind: 'clock_in' | 'clock_out',
  waitPay?: number,
): Promise<OutboxEntry> {
  const entry: OutboxEntry = {
    ...common(providerId, bookingId),
    kind,
    status: 'locating',
    ...(kind === 'clock_out' ? { waitPay } : {}),
  };
  const seq = await outboxDb.entries.add(entry);
  const location = await currentLocation();
  const patch: Partial<OutboxEntry> = location.fix
    ? { ...location.fix, status: 'pending' }
    : { locationProblem: location.problem, status: 'pending' };
  await outboxDb.entries.update(seq, patch);
  void requestBackgroundSync();
  void syncNow();
  return { ...entry, ...patch, seq };
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
  void requestBackgroundSync();
  void syncNow();
}
