import { describe, expect, it } from 'vitest';
import { pngOfSize } from '../../test/photo-fixtures';
import { readImageSize } from './image-size';

// What the server reads of a picture an older app sent without its size (issue 29).

const u16be = (n: number) => [n >> 8, n & 0xff];

/** A JPEG's markers up to its frame header, with an EXIF orientation when given. */
function jpeg(width: number, height: number, orientation?: number): Buffer {
  const parts: number[] = [0xff, 0xd8];
  if (orientation) {
    // Big-endian TIFF, one IFD entry: Orientation (0x0112), SHORT, count 1.
    const tiff = [0x4d, 0x4d, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1];
    tiff.push(...u16be(orientation), 0, 0, 0, 0, 0, 0);
    const exif = [...Buffer.from('Exif\0\0', 'latin1'), ...tiff];
    parts.push(0xff, 0xe1, ...u16be(exif.length + 2), ...exif);
  }
  parts.push(0xff, 0xdb, 0, 4, 0, 0); // a table before the frame
  parts.push(0xff, 0xc2, 0, 11, 8, ...u16be(height), ...u16be(width), 1, 1, 0x11, 0);
  return Buffer.from(parts);
}

describe('a picture’s size from its header', () => {
  it('reads PNG, GIF and WebP', () => {
    expect(readImageSize(pngOfSize(40, 30), 'image/png')).toEqual({ width: 40, height: 30 });
    const gif = Buffer.from([...Buffer.from('GIF89a', 'latin1'), 0x20, 0x03, 0x58, 0x02]);
    expect(readImageSize(gif, 'image/gif')).toEqual({ width: 800, height: 600 });
    const webp = Buffer.alloc(30);
    webp.write('RIFF', 0, 'latin1');
    webp.write('WEBPVP8X', 8, 'latin1');
    webp.writeUIntLE(1919, 24, 3);
    webp.writeUIntLE(1079, 27, 3);
    expect(readImageSize(webp, 'image/webp')).toEqual({ width: 1920, height: 1080 });
  });

  it('reads a JPEG as shown: turned a quarter by its EXIF orientation', () => {
    expect(readImageSize(jpeg(1920, 1440), 'image/jpeg')).toEqual({ width: 1920, height: 1440 });
    expect(readImageSize(jpeg(1920, 1440, 1), 'image/jpeg')).toEqual({
      width: 1920,
      height: 1440,
    });
    expect(readImageSize(jpeg(1920, 1440, 6), 'image/jpeg')).toEqual({
      width: 1440,
      height: 1920,
    });
  });

  it('is null for a header cut short, a HEIC, or a size of nought', () => {
    expect(readImageSize(jpeg(1920, 1440).subarray(0, 12), 'image/jpeg')).toBeNull();
    expect(readImageSize(pngOfSize(4, 4).subarray(0, 18), 'image/png')).toBeNull();
    expect(readImageSize(Buffer.alloc(40), 'image/heic')).toBeNull();
    expect(readImageSize(jpeg(0, 1440), 'image/jpeg')).toBeNull();
  });
});
