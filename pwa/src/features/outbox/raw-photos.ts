import { compressPhoto, measurePhoto } from './compress-photo';
import type { PhotoEntry } from './entry';
import { finishPhoto, rawBytes, rawPhotos } from './storage';

// Chosen photos are kept raw in the outbox before compression (seconds each on a phone), so a
// page closed meanwhile loses none: the next drain compresses what it left. One page at a time
// compresses (a Web Lock, freed when its page dies: two at once could exhaust a phone's memory),
// and a photo is finished only while still raw (storage.ts), so nothing is recorded twice.

const LOCK = 'twinclean-photo-intake';

/** Its compressed bytes and size; a photo the compressor cannot read goes as chosen. */
async function compressed(raw: File) {
  try {
    const photo = await compressPhoto(raw);
    return { photo, size: await measurePhoto(photo) };
  } catch {
    // The server takes it or says why not, and the provider sees which: nothing is dropped.
    return { photo: raw, size: await measurePhoto(raw) };
  }
}

/** Compresses one kept photo unless it is done already; returns whether this call finished it. */
async function finishOne(entry: PhotoEntry): Promise<boolean> {
  const kept = await rawBytes(entry.id);
  if (!kept) return false;
  const raw = new File([kept.bytes], entry.fileName ?? 'photo', { type: kept.mimeType });
  const { photo, size } = await compressed(raw);
  const bytes = await photo.arrayBuffer();
  return finishPhoto({ id: entry.id, bytes, mimeType: photo.type || kept.mimeType }, size);
}

/** Runs `work` holding the lock: waiting for it, or (`wait` false) not at all when it is held. */
async function whileLocked(wait: boolean, work: () => Promise<number>): Promise<number> {
  if (!navigator.locks) return work();
  return await navigator.locks.request(LOCK, { ifAvailable: !wait }, (lock) => (lock ? work() : 0));
}

/**
 * Compresses the photos, in order, one at a time; `each` runs after every one. Returns how many
 * this call finished (another page may have finished some first).
 */
export function finishRawPhotos(
  photos: readonly PhotoEntry[],
  { wait, each = () => {} }: { wait: boolean; each?: () => void },
): Promise<number> {
  return whileLocked(wait, async () => {
    let finished = 0;
    for (const entry of photos) {
      if (await finishOne(entry)) finished += 1;
      each();
    }
    return finished;
  });
}

/** Finishes the provider's kept photos left by closed pages, unless a page is compressing. */
export async function finishLeftPhotos(providerId: string): Promise<number> {
  return finishRawPhotos(await rawPhotos(providerId), { wait: false });
}
