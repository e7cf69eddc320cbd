import { describe, expect, it } from 'vitest';
import { formatHours, rangeLabel, statusTone, words } from './format';

describe('the admin tables’ formats', () => {
  it('says which rows show of how many', () => {
    expect(rangeLabel(1, 25, 70_000)).toBe('1–25 of 70,000');
    expect(rangeLabel(3, 25, 60)).toBe('51–60 of 60');
    expect(rangeLabel(1, 25, 0)).toBe('0 of 0');
    // A page past the end (a stale link) shows nothing of the total.
    expect(rangeLabel(9, 25, 60)).toBe('0 of 60');
  });

  it('writes keys with spaces, hours to one decimal, and styles statuses as the spec says', () => {
    expect(words('full_bathroom_1')).toBe('full bathroom 1');
    expect(words('pending_assignment')).toBe('pending assignment');
    expect(formatHours(3)).toBe('3.0');
    expect(formatHours(null)).toBe('—');
    expect([statusTone('completed'), statusTone('canceled'), statusTone('assigned')]).toEqual([
      'brand',
      'danger',
      'neutral',
    ]);
  });
});
