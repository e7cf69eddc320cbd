import { describe, expect, it } from 'vitest';
import { pageSlices } from './bookings-by-provider';

const groups = [
  { providerId: 'abe', n: '2' },
  { providerId: 'zoe', n: 5 },
  { providerId: null, n: '3' },
];

describe('the provider sort’s page slices', () => {
  it('takes the rows a page falls on from each group it spans, and no more groups', () => {
    expect(pageSlices(groups, 0, 3)).toEqual([
      { providerId: 'abe', offset: 0, limit: 2 },
      { providerId: 'zoe', offset: 0, limit: 1 },
    ]);
    expect(pageSlices(groups, 3, 3)).toEqual([{ providerId: 'zoe', offset: 1, limit: 3 }]);
    expect(pageSlices(groups, 6, 3)).toEqual([
      { providerId: 'zoe', offset: 4, limit: 1 },
      { providerId: null, offset: 0, limit: 2 },
    ]);
    expect(pageSlices(groups, 9, 3)).toEqual([{ providerId: null, offset: 2, limit: 1 }]);
  });

  it('answers nothing past the end or for no groups', () => {
    expect(pageSlices(groups, 10, 3)).toEqual([]);
    expect(pageSlices([], 0, 25)).toEqual([]);
    expect(pageSlices(groups, 0, 25)).toEqual([
      { providerId: 'abe', offset: 0, limit: 2 },
      { providerId: 'zoe', offset: 0, limit: 5 },
      { providerId: null, offset: 0, limit: 3 },
    ]);
  });
});
