import type { PhotoType } from '@twinclean/shared/photos';
import type { ProviderJob } from '@twinclean/shared/provider-jobs';
import type { OutboxEntry, PhotoEntry } from '../outbox/entry';

/**
 * The job's Before or After photos, without the checklist's task photos. The server takes
 * 'after' photos only after clock-out, so a task photo taken mid-visit is stored as 'before' and
 * comes back in `beforePhotos`; it is shown under its task (checklist-panel.tsx), not here as if
 * it were an ordinary before photo. The job answer tells them apart by the checklist items'
 * `photoIds` (the URLs are /api/photos/{id}); the phone's own by their `checklistItemKey`.
 */
export function ordinaryPhotos(
  job: ProviderJob,
  entries: readonly OutboxEntry[],
  photoType: PhotoType,
): { urls: string[]; local: PhotoEntry[] } {
  const taskPhotos = new Set(
    (job.checklist?.sections ?? []).flatMap((s) => s.items.flatMap((i) => i.photoIds)),
  );
  const urls = (photoType === 'before' ? job.beforePhotos : job.afterPhotos).filter(
    (url) => !taskPhotos.has(url.slice(url.lastIndexOf('/') + 1)),
  );
  // The server's list already shows what it confirmed; the rest are on the phone.
  const local = entries.filter(
    (e): e is PhotoEntry =>
      e.kind === 'photo' &&
      e.photoType === photoType &&
      e.status !== 'sent' &&
      e.checklistItemKey === undefined,
  );
  return { urls, local };
}
