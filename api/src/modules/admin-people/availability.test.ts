import { chicagoInstant } from '@twinclean/shared/schedule';
import { describe, expect, it } from 'vitest';
import { nextAvailableAt, weeklyHours } from './availability';

// 2026-11-24 is a Tuesday (day 2).
const tuesday9 = chicagoInstant('2026-11-24', '09:00');

describe('weekly availability', () => {
  it('adds up the hours of the slots, overlaps once', () => {
    expect(weeklyHours([])).toBe(0);
    expect(
      weeklyHours([
        { dayOfWeek: 1, startTime: '08:00', endTime: '12:00' },
        { dayOfWeek: 1, startTime: '11:00', endTime: '13:30' },
        { dayOfWeek: 3, startTime: '09:00', endTime: '10:00' },
      ]),
    ).toBe(6.5);
  });

  it('is available now inside a slot, else from the next slot, a week ahead at most', () => {
    expect(nextAvailableAt([], tuesday9)).toBeNull();
    const inside = [{ dayOfWeek: 2, startTime: '08:00', endTime: '12:00' }];
    expect(nextAvailableAt(inside, tuesday9)).toEqual(tuesday9);
    const later = [
      { dayOfWeek: 2, startTime: '13:00', endTime: '15:00' },
      { dayOfWeek: 2, startTime: '10:00', endTime: '11:00' },
    ];
    expect(nextAvailableAt(later, tuesday9)).toEqual(chicagoInstant('2026-11-24', '10:00'));
    const ended = [{ dayOfWeek: 2, startTime: '06:00', endTime: '08:00' }];
    expect(nextAvailableAt(ended, tuesday9)).toEqual(chicagoInstant('2026-12-01', '06:00'));
    const sunday = [{ dayOfWeek: 0, startTime: '12:00', endTime: '16:00' }];
    expect(nextAvailableAt(sunday, tuesday9)).toEqual(chicagoInstant('2026-11-29', '12:00'));
  });
});
