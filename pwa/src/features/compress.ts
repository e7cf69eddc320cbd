import imageCompression from 'browser-image-compression';
// Self-hosted and precached: by default the library loads its worker script from a CDN,
// which a phone in a basement cannot reach.
import libURL from 'browser-image-compression/dist/browser-image-compression.js?url';

// ARCHITECTURE.md: long edge at most 1920 px and at most 500 KB.
export const PHOTO_MAX_EDGE_PX = 1920;
export const PHOTO_TARGET_BYTES = 500 * 1024;

/** A phone photo made small enough to queue and upload on a weak signal. */
export async function compressPhoto(file: File): Promise<File> {
  if (file.size <= PHOTO_TARGET_BYTES && file.type === 'image/jpeg') return file;
  return imageCompression(file, {
    maxWidthOrHeight: PHOTO_MAX_EDGE_PX,
    maxSizeMB: PHOTO_TARGET_BYTES / (1024 * 1024),
    useWebWorker: true,
    libURL: new URL(libURL, window.location.href).href,
    fileType: 'image/jpeg',
    initialQuality: 0.8,
  });
}
