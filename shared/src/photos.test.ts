import { describe, expect, it } from 'vitest';
import { PHOTO_MAX_BYTES, tooLarge } from './photos';

describe('tooLarge', () => {
  it('names the first file over 5 MB, and none when all fit', () => {
    const fits = { name: 'a.jpg', size: PHOTO_MAX_BYTES };
    const big = { name: 'b.jpg', size: PHOTO_MAX_BYTES + 1 };
    expect(tooLarge([fits, big, { ...big, name: 'c.jpg' }])).toBe(big);
    expect(tooLarge([fits])).toBeUndefined();
  });
});
