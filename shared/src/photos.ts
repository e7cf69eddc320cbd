import { z } from 'zod';

export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const PHOTOS_PER_UPLOAD = 10;
export const photoTypeSchema = z.enum(['before', 'after']);

/** JSON form of POST /api/provider/bookings/{id}/photos (spec 2 §7): data URLs. */
export const photoDataUrlUploadSchema = z.object({
  photoType: photoTypeSchema,
  photos: z
    .array(z.string().startsWith('data:', 'Each photo must be a data URL'))
    .min(1, 'Add at least one photo')
    .max(PHOTOS_PER_UPLOAD),
  /** The device's uuid per photo, in the same order, so a re-sent upload is recognised. */
  photoIds: z.array(z.string().uuid()).optional(),
});

export const uploadedPhotoSchema = z.object({
  id: z.string().uuid(),
  clientPhotoId: z.string().uuid(),
  photoType: photoTypeSchema,
  url: z.string(),
});
export type UploadedPhoto = z.infer<typeof uploadedPhotoSchema>;
