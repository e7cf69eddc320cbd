import { createHash, randomUUID } from 'node:crypto';
import { photoTooLarge, type UploadedPhoto } from '@twinclean/shared/photos';
import { isAdminRole, type Role } from '@twinclean/shared/roles';
import type { Knex } from 'knex';
import type { Storage } from '../../adapters/storage/storage';
import { lockKey } from '../../db/locks';
import { AppError, notFound } from '../../errors';
import { keyReusedError } from '../../http/idempotency';
import { mapError } from '../../middleware/error-handler';
import { Booking } from '../../models/booking';
import { Photo } from '../../models/photo';
import { type PhotoSize, readImageSize } from './image-size';
import { sniffImageType } from './image-type';

/** An uploaded photo; `size` as the phone measured it, absent from older apps and JSON uploads. */
export type IncomingPhoto = {
  clientPhotoId: string;
  name: string;
  bytes: Buffer;
  size?: PhotoSize;
  /** The checklist task it was taken for (null: none); absent when the upload named no tasks. */
  checklistItemKey?: string | null;
};

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/heic': 'heic',
};

export const photoUrl = (id: string) => `/api/photos/${id}`;
const toUploaded = (p: Photo): UploadedPhoto => ({
  id: p.id,
  clientPhotoId: p.clientPhotoId,
  photoType: p.photoType,
  url: photoUrl(p.id),
  width: p.width,
  height: p.height,
});

/** Spec 2 §5's message for a photo over the 5 MB rule. */
export const fileTooLarge = (name: string) =>
  new AppError(413, 'file_too_large', `${name} is larger than 5MB`);

/** The provider's own job, or "not found" as if it did not exist: checked before an upload is read. */
export async function ownJob(providerId: string, bookingId: string): Promise<void> {
  if (!(await Booking.query().findOne({ id: bookingId, providerId }))) throw notFound('Job');
}

/**
 * Stores a job's before or after photos. Every file is checked (an image by its bytes, the one
 * 5 MB rule) before any is kept. Write, then record: each new file goes to storage first, with no
 * transaction open (an upload to object storage takes as long as it takes), then the rows are
 * written under a lock per photo uuid. A photo uuid is an idempotency key: concurrent copies of
 * one upload record it once and all get that row; a uuid already used for another job, type or
 * picture is refused. A file's key is its photo uuid and content hash, so every copy of an
 * upload (concurrent, or retried after a process died between writing and recording) writes the
 * same object: a photo is one object however often it is sent.
 */
export async function savePhotos(
  db: Knex,
  storage: Storage,
  providerId: string,
  bookingId: string,
  photoType: 'before' | 'after',
  photos: IncomingPhoto[],
): Promise<UploadedPhoto[]> {
  const booking = await Booking.query(db).findOne({ id: bookingId, providerId });
  if (!booking) throw notFound('Job');
  if (booking.canceledAt) throw new AppError(409, 'job_canceled', 'This job was canceled.');
  if (photoType === 'before' && !booking.clockInAt) {
    throw new AppError(409, 'not_clocked_in', 'Before photos can be added once you clock in.');
  }
  if (photoType === 'after' && !booking.clockOutAt) {
    throw new AppError(409, 'not_clocked_out', 'After photos can be added once you clock out.');
  }
  const checked = photos.map((photo) => {
    if (photoTooLarge(photo.bytes.length)) throw fileTooLarge(photo.name);
    const mimeType = sniffImageType(photo.bytes);
    if (!mimeType) throw new AppError(415, 'not_an_image', `${photo.name} is not an image`);
    const sha256 = createHash('sha256').update(photo.bytes).digest('hex');
    return {
      ...photo,
      id: randomUUID(),
      mimeType,
      // The phone's measure, or else the picture's own header, so every page can keep its space.
      size: photo.size ?? readImageSize(photo.bytes, mimeType),
      sha256,
      storageKey: fileKey(bookingId, photo.clientPhotoId, sha256, mimeType),
    };
  });
  const same = (existing: Photo, photo: (typeof checked)[number]) =>
    existing.bookingId === bookingId &&
    existing.photoType === photoType &&
    (existing.contentSha256 ?? photo.sha256) === photo.sha256 &&
    // Part of the fingerprint only when sent: an older app's replay names no task and still
    // matches its photo.
    (photo.checklistItemKey === undefined || existing.checklistItemKey === photo.checklistItemKey);
  const known = await Photo.query(db).whereIn(
    'clientPhotoId',
    checked.map((p) => p.clientPhotoId),
  );
  const written: string[] = [];
  const unused: string[] = [];
  try {
    for (const photo of checked) {
      const existing = known.find((k) => k.clientPhotoId === photo.clientPhotoId);
      if (existing && !same(existing, photo)) throw keyReusedError();
      if (existing) continue;
      written.push(photo.storageKey);
      await storage.put(photo.storageKey, photo.bytes);
    }
    const saved = await db.transaction(async (trx) => {
      // One order for every request's locks, so two uploads of the same photos cannot deadlock.
      for (const id of [...new Set(checked.map((p) => p.clientPhotoId))].sort()) {
        await lockKey(trx, `photo:${id}`);
      }
      const rows: UploadedPhoto[] = [];
      for (const photo of checked) {
        const existing = await Photo.query(trx).findOne({ clientPhotoId: photo.clientPhotoId });
        if (existing && !same(existing, photo)) throw keyReusedError();
        if (existing) {
          // Recorded by a concurrent copy since we looked; its file stands (ours, if one key).
          if (written.includes(photo.storageKey) && existing.storageKey !== photo.storageKey) {
            unused.push(photo.storageKey);
          }
          rows.push(toUploaded(existing));
          continue;
        }
        const inserted = await Photo.query(trx).insertAndFetch({
          id: photo.id,
          clientPhotoId: photo.clientPhotoId,
          bookingId,
          uploadedBy: providerId,
          photoType,
          storageKey: photo.storageKey,
          mimeType: photo.mimeType,
          sizeBytes: photo.bytes.length,
          contentSha256: photo.sha256,
          width: photo.size?.width ?? null,
          height: photo.size?.height ?? null,
          checklistItemKey: photo.checklistItemKey ?? null,
        });
        rows.push(toUploaded(inserted));
      }
      return rows;
    });
    await removeFiles(storage, unused);
    return saved;
  } catch (error) {
    // A refusal every copy of this upload meets too: its files are nobody's. After a failure a
    // retry may get past (storage or the database down), a concurrent copy may be recording the
    // very same key, and the retry writes it again anyway: the files stay for it.
    if (refusedForGood(error)) await removeFiles(storage, written);
    throw error;
  }
}

/** Where a photo's bytes go: the same for every copy of one upload, another for other bytes. */
const fileKey = (bookingId: string, clientPhotoId: string, sha256: string, mimeType: string) =>
  `${bookingId}/${clientPhotoId}-${sha256.slice(0, 16)}.${EXTENSIONS[mimeType]}`;

/** A 4xx answer: the request, not the moment, is the problem (see the error handler's map). */
function refusedForGood(error: unknown): boolean {
  const status = mapError(error)?.status;
  return status !== undefined && status < 500;
}

/** Best effort: a file left behind is unreferenced, never shown, and costs only its bytes. */
async function removeFiles(storage: Storage, keys: string[]): Promise<void> {
  await Promise.all(keys.map((key) => storage.delete(key).catch(() => undefined)));
}

/** A photo's bytes for its job's client, its provider and admins; anyone else gets "not found". */
export async function readPhoto(
  storage: Storage,
  user: { id: string; role: Role },
  photoId: string,
) {
  const photo = await Photo.query().findById(photoId);
  const booking = photo ? await Booking.query().findById(photo.bookingId) : undefined;
  const allowed =
    booking &&
    (isAdminRole(user.role) || booking.providerId === user.id || booking.clientId === user.id);
  if (!photo || !allowed) throw notFound('Photo');
  const bytes = await storage.get(photo.storageKey);
  if (!bytes) throw notFound('Photo');
  return { bytes, mimeType: photo.mimeType };
}

/** Decodes the spec's data-URL photos. */
export function fromDataUrls(dataUrls: string[], ids: string[] | undefined): IncomingPhoto[] {
  return dataUrls.map((url, i) => {
    const match = /^data:[^;,]*;base64,([A-Za-z0-9+/=\s]+)$/.exec(url);
    if (!match?.[1])
      throw new AppError(400, 'bad_data_url', `Photo ${i + 1} is not a base64 data URL`);
    return {
      clientPhotoId: ids?.[i] ?? randomUUID(),
      name: `Photo ${i + 1}`,
      bytes: Buffer.from(match[1], 'base64'),
    };
  });
}
