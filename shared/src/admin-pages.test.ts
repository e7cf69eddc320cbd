import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { dateRangeInOrder, dateRangeShape, pageCount, rangeLabel } from './admin-pages';

describe('admin pages', () => {
  it('says which rows show of how many, and how many pages they fill', () => {
    expect(rangeLabel(1, 25, 70_000)).toBe('1–25 of 70,000');
    expect(rangeLabel(3, 25, 60)).toBe('51–60 of 60');
    expect(rangeLabel(1, 25, 0)).toBe('0 of 0');
    // A page past the end (a stale link) shows nothing of the total.
    expect(rangeLabel(9, 25, 60)).toBe('0 of 60');
    // The server stopped counting.
    expect(rangeLabel(2, 25, 1_000, true)).toBe('26–50 of more than 1,000');
    expect([pageCount(0, 50), pageCount(50, 50), pageCount(51, 50)]).toEqual([1, 1, 2]);
  });

  it('takes real dates in order, and says which bound is wrong', () => {
    const range = z.object(dateRangeShape).check(dateRangeInOrder);
    expect(range.parse({ from: '2028-02-29', to: '2028-03-01' })).toEqual({
      from: '2028-02-29',
      to: '2028-03-01',
    });
    for (const bad of ['2026-02-30', '0000-01-01', '2026-1-5', '']) {
      expect(range.safeParse({ from: bad }).success, bad).toBe(false);
    }
    expect(range.safeParse({ from: '2026-12-02', to: '2026-12-01' }).error?.issues).toMatchObject([
      { path: ['to'], message: 'The start date must be on or before the end date' },
    ]);
  });
});
