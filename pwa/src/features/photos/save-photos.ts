import type { PhotoType } from '@twinclean/shared/photos';
import type { PreparedPhoto } from '../outbox/record';
import { compressPhoto, measurePhoto } from './compress';

/**
 * Compresses each photo and stores it in the outbox (one transaction for all), which then syncs.
 * The recorder (and Dexie) load with the first photo, not with the job's page.
 */
export async function savePhotos(
  providerId: string,
  bookingId: string,
  photoType: PhotoType,
  files: readonly File[],
): Promise<void> {
  const { recordPhotos } = await import('../outbox/record');
  // One at a time: ten 12 MP photos decoded at once can exhaust a phone's memory.
  const prepared: PreparedPhoto[] = [];
  for (const file of files) {
    const compressed = await compressPhoto(file);
    prepared.push({
      fileName: file.name,
      bytes: await compressed.arrayBuffer(),
      mimeType: compressed.type,
      ...(await measurePhoto(compressed)),
    });
  }
  await recordPhotos(providerId, bookingId, photoType, prepared);
}
