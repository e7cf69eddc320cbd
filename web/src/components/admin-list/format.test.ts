import { describe, expect, it } from 'vitest';
import { statusTone, words } from './format';

describe('the admin tables’ formats', () => {
  it('writes keys with spaces and styles statuses as the spec says', () => {
    expect(words('full_bathroom_1')).toBe('full bathroom 1');
    expect(words('pending_assignment')).toBe('pending assignment');
    expect([statusTone('completed'), statusTone('canceled'), statusTone('assigned')]).toEqual([
      'brand',
      'danger',
      'neutral',
    ]);
  });
});
