import { describe, expect, it } from 'vitest';
import { formatHours } from './format';

describe('the bookings table’s hours', () => {
  it('writes hours to one decimal, and a dash for none', () => {
    expect(formatHours(3)).toBe('3.0');
    expect(formatHours(null)).toBe('—');
  });
});
