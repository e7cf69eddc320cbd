import type { PhotoType } from '@twinclean/shared/photos';

/**
 * Keeps the chosen photos in the outbox, compresses them there, and syncs (outbox/record.ts).
 * The recorder (and Dexie) load with the first photo, not with the job's page.
 */
export async function savePhotos(
  providerId: string,
  bookingId: string,
  photoType: PhotoType,
  files: readonly File[],
  /** A checklist task's photo: the task it shows. */
  checklistItemKey?: string,
): Promise<void> {
  const { recordPhotos } = await import('../outbox/record');
  await recordPhotos(providerId, bookingId, photoType, files, checklistItemKey);
}
