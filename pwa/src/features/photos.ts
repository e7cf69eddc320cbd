import { PHOTO_MAX_BYTES } from '@twinclean/shared/photos';

export type PhotoType = 'before' | 'after';

/** Spec 2 §5: the first file over 5 MB, named as the message wants it. */
export function tooLarge(files: readonly File[]): File | undefined {
  return files.find((file) => file.size > PHOTO_MAX_BYTES);
}
