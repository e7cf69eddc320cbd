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

/**
 * The photo's size in pixels as shown (EXIF orientation applied), sent with it so every page can
 * keep its space before it loads; null where the browser cannot decode it (the server then reads
 * the picture's header).
 */
export async function measurePhoto(photo: Blob): Promise<{ width: number; height: number } | null> {
  if (typeof createImageBitmap !== 'function') return null;
  try {
    const bitmap = await createImageBitmap(photo, { imageOrientation: 'from-image' });
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size.width > 0 && size.height > 0 ? size : null;
  } catch {
    return null;
  }
}
