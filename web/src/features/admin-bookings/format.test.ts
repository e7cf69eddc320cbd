import { describe, expect, it } from 'vitest';
import { formatHours, statusTone, words } from './format';

describe('the admin tables’ formats', () => {
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
