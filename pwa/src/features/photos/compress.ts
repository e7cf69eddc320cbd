import { PHOTO_COMPRESSION, PHOTO_TARGET_BYTES } from '@twinclean/shared/photos';
// Self-hosted and precached: by default the library loads its worker script from a CDN,
// which a phone in a basement cannot reach.
import libURL from 'browser-image-compression/dist/browser-image-compression.js?url';

/**
 * A phone photo made small enough to queue and upload on a weak signal. The compressor loads
 * with the first photo, not with the app (the service worker has it precached for offline).
 */
export async function compressPhoto(file: File): Promise<File> {
  if (file.size <= PHOTO_TARGET_BYTES && file.type === 'image/jpeg') return file;
  const { default: imageCompression } = await import('browser-image-compression');
  return imageCompression(file, {
    ...PHOTO_COMPRESSION,
    libURL: new URL(libURL, window.location.href).href,
  });
}
