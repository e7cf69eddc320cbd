/** The image type by its first bytes; a file named .jpg that is not a JPEG is not an image. */
export function sniffImageType(bytes: Buffer): string | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  const text = (from: number, to: number) => bytes.subarray(from, to).toString('latin1');
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (text(0, 4) === 'RIFF' && text(8, 12) === 'WEBP') return 'image/webp';
  if (text(0, 4) === 'GIF8') return 'image/gif';
  if (text(4, 8) === 'ftyp' && ['heic', 'heix', 'mif1', 'msf1'].includes(text(8, 12)))
    return 'image/heic';
  return null;
}
