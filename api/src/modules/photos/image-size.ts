import { PHOTO_MAX_SIDE } from '@twinclean/shared/photos';

export type PhotoSize = { width: number; height: number };

// An older provider app sends photos without their size: the server reads it from the picture's
// header, as a browser shows it (a JPEG turned by its EXIF orientation is shown turned). HEIC and
// anything unreadable stay null; pages then keep a square for it.

const sized = (width: number, height: number): PhotoSize | null =>
  width >= 1 && height >= 1 && width <= PHOTO_MAX_SIDE && height <= PHOTO_MAX_SIDE
    ? { width, height }
    : null;

/** The picture's size in pixels as shown, from its header; null when it cannot be read. */
export function readImageSize(bytes: Buffer, mimeType: string): PhotoSize | null {
  try {
    switch (mimeType) {
      case 'image/png':
        return sized(bytes.readUInt32BE(16), bytes.readUInt32BE(20));
      case 'image/gif':
        return sized(bytes.readUInt16LE(6), bytes.readUInt16LE(8));
      case 'image/webp':
        return webpSize(bytes);
      case 'image/jpeg':
        return jpegSize(bytes);
      default:
        return null;
    }
  } catch {
    // A header cut short (RangeError): the picture is kept, its size unknown.
    return null;
  }
}

function webpSize(bytes: Buffer): PhotoSize | null {
  const chunk = bytes.toString('latin1', 12, 16);
  if (chunk === 'VP8X') {
    return sized(bytes.readUIntLE(24, 3) + 1, bytes.readUIntLE(27, 3) + 1);
  }
  if (chunk === 'VP8L') {
    const bits = bytes.readUInt32LE(21);
    return sized((bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1);
  }
  if (chunk === 'VP8 ') {
    return sized(bytes.readUInt16LE(26) & 0x3fff, bytes.readUInt16LE(28) & 0x3fff);
  }
  return null;
}

// Start-of-frame markers hold the size; C4 (Huffman tables), C8 and CC (arithmetic) do not.
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);

function jpegSize(bytes: Buffer): PhotoSize | null {
  let turned = false;
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1] as number;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    const length = bytes.readUInt16BE(at + 2);
    if (marker === 0xe1) turned = exifTurned(bytes.subarray(at + 4, at + 2 + length)) || turned;
    if (isStartOfFrame(marker)) {
      const height = bytes.readUInt16BE(at + 5);
      const width = bytes.readUInt16BE(at + 7);
      return turned ? sized(height, width) : sized(width, height);
    }
    at += 2 + length;
  }
  return null;
}

/** Whether an EXIF block's orientation (5 to 8) turns the picture a quarter. */
function exifTurned(exif: Buffer): boolean {
  try {
    return exifOrientation(exif) >= 5;
  } catch {
    // A broken EXIF block: the picture is shown as stored.
    return false;
  }
}

function exifOrientation(exif: Buffer): number {
  if (exif.toString('latin1', 0, 6) !== 'Exif\0\0') return 1;
  const tiff = exif.subarray(6);
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd = u32(4);
  const entries = u16(ifd);
  for (let i = 0; i < entries; i++) {
    const entry = ifd + 2 + i * 12;
    if (u16(entry) === 0x0112) return u16(entry + 8);
  }
  return 1;
}
