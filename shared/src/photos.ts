import * as z from 'zod/mini';

export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const PHOTOS_PER_UPLOAD = 10;
export const photoTypeSchema = z.enum(['before', 'after']);
export type PhotoType = z.infer<typeof photoTypeSchema>;

/** The one 5 MB rule, for the phone, multipart and JSON uploads alike: exactly 5 MB fits. */
export const photoTooLarge = (bytes: number): boolean => bytes > PHOTO_MAX_BYTES;

/** Spec 2 §5: the first file over 5 MB, named as the message wants it. */
export function tooLarge<F extends { size: number }>(files: readonly F[]): F | undefined {
  return files.find((file) => photoTooLarge(file.size));
}

/**
 * The largest JSON upload: ten 5 MB photos as base64 data URLs (4 characters per 3 bytes) with
 * their ids and some room for the rest of the object.
 */
export const PHOTO_JSON_MAX_BYTES =
  PHOTOS_PER_UPLOAD * (Math.ceil(PHOTO_MAX_BYTES / 3) * 4 + 256) + 4096;

const photoIdsSchema = z.array(z.string().check(z.uuid('Photo ids must be UUIDs')));

/** One device uuid per photo, in order, when ids are sent: a photo without one could be stored twice. */
const oneIdPerPhoto = {
  check: (upload: { photos: readonly unknown[]; photoIds?: readonly string[] | undefined }) =>
    upload.photoIds === undefined || upload.photoIds.length === upload.photos.length,
  message: { message: 'Send one photo id per photo', path: ['photoIds'] },
};

/**
 * The checklist task each photo was taken for (visitChecklistItemSchema's key), in the photos'
 * order; an empty one for a photo of no task. Optional: older apps send none.
 */
const checklistItemKeysSchema = z.array(
  z.string().check(z.maxLength(100, 'A task key is at most 100 characters')),
);

/** One task key per photo, when task keys are sent. */
const oneTaskKeyPerPhoto = {
  check: (upload: {
    photos: readonly unknown[];
    checklistItemKeys?: readonly string[] | undefined;
  }) =>
    upload.checklistItemKeys === undefined ||
    upload.checklistItemKeys.length === upload.photos.length,
  message: { message: 'Send one task key per photo', path: ['checklistItemKeys'] },
};

/** JSON form of POST /api/provider/bookings/{id}/photos (spec 2 §7): data URLs. */
export const photoDataUrlUploadSchema = z
  .object({
    photoType: photoTypeSchema,
    photos: z
      .array(z.string().check(z.startsWith('data:', 'Each photo must be a data URL')))
      .check(z.minLength(1, 'Add at least one photo'), z.maxLength(PHOTOS_PER_UPLOAD)),
    /** The device's uuid per photo, in the same order, so a re-sent upload is recognised. */
    photoIds: z.optional(photoIdsSchema),
    checklistItemKeys: z.optional(checklistItemKeysSchema),
  })
  .check(
    z.refine(oneIdPerPhoto.check, oneIdPerPhoto.message),
    z.refine(oneTaskKeyPerPhoto.check, oneTaskKeyPerPhoto.message),
  );

/** The longest side a photo may claim, in pixels: far above any phone's camera. */
export const PHOTO_MAX_SIDE = 100_000;

/** A side of a photo as the multipart form carries it: a whole number of pixels, 1 to 100 000. */
const photoSideSchema = z.pipe(
  z.string().check(z.regex(/^[1-9][0-9]{0,5}$/, 'Photo sizes must be whole numbers of pixels')),
  z.pipe(
    z.transform((side: string) => Number(side)),
    z.number().check(z.lte(PHOTO_MAX_SIDE, 'Photo sizes must be whole numbers of pixels')),
  ),
);

/**
 * The phone's measure of each photo, widths and heights in the photos' order: both or neither
 * (an older app sends neither, and the server reads the picture instead).
 */
const onePairPerPhoto = {
  check: (upload: {
    photos: readonly unknown[];
    photoWidths?: readonly number[] | undefined;
    photoHeights?: readonly number[] | undefined;
  }) =>
    (upload.photoWidths === undefined && upload.photoHeights === undefined) ||
    (upload.photoWidths?.length === upload.photos.length &&
      upload.photoHeights?.length === upload.photos.length),
  message: { message: 'Send one width and one height per photo', path: ['photoWidths'] },
};

/** The same rules for the multipart form's fields; its files stand in `photos` by name. */
export const photoMultipartFieldsSchema = z
  .object({
    photoType: photoTypeSchema,
    photos: z
      .array(z.string())
      .check(z.minLength(1, 'Add at least one photo'), z.maxLength(PHOTOS_PER_UPLOAD)),
    photoIds: z.optional(photoIdsSchema),
    photoWidths: z.optional(z.array(photoSideSchema)),
    photoHeights: z.optional(z.array(photoSideSchema)),
    checklistItemKeys: z.optional(checklistItemKeysSchema),
  })
  .check(
    z.refine(oneIdPerPhoto.check, oneIdPerPhoto.message),
    z.refine(onePairPerPhoto.check, onePairPerPhoto.message),
    z.refine(oneTaskKeyPerPhoto.check, oneTaskKeyPerPhoto.message),
  );

/** A stored photo's size in pixels; null for one whose size is unknown (not readable). */
const photoSizeFields = {
  width: z.nullable(z.number().check(z.int(), z.positive())),
  height: z.nullable(z.number().check(z.int(), z.positive())),
};

/** A job's photo as the client and admins see it, sized so its space is kept while it loads. */
export const photoViewSchema = z.object({ id: z.string(), url: z.string(), ...photoSizeFields });
export type PhotoView = z.infer<typeof photoViewSchema>;

export const uploadedPhotoSchema = z.object({
  id: z.string().check(z.uuid()),
  clientPhotoId: z.string().check(z.uuid()),
  photoType: photoTypeSchema,
  url: z.string(),
  ...photoSizeFields,
});
export type UploadedPhoto = z.infer<typeof uploadedPhotoSchema>;

// ARCHITECTURE.md: photos are compressed on the phone before they are queued, to a long edge
// of at most 1920 px and at most 500 KB (browser-image-compression's options).
export const PHOTO_TARGET_BYTES = 500 * 1024;
export const PHOTO_COMPRESSION = {
  maxWidthOrHeight: 1920,
  maxSizeMB: PHOTO_TARGET_BYTES / (1024 * 1024),
  useWebWorker: true,
  fileType: 'image/jpeg',
  initialQuality: 0.8,
} as const;
