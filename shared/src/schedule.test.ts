import { describe, expect, it } from 'vitest';
import {
  addDays,
  chicagoDate,
  chicagoInstant,
  chicagoTime,
  formatClock,
  formatDate,
  formatInstant,
  formatSlot,
  slotProblem,
  TIME_SLOTS,
} from './schedule';

describe('Chicago scheduling time', () => {
  it('turns a wall-clock slot into the right instant in winter (CST) and summer (CDT)', () => {
    expect(chicagoInstant('2026-01-15', '09:00').toISOString()).toBe('2026-01-15T15:00:00.000Z');
    expect(chicagoInstant('2026-07-15', '09:00').toISOString()).toBe('2026-07-15T14:00:00.000Z');
  });

  it('handles the days the clocks change', () => {
    expect(chicagoInstant('2026-03-08', '08:00').toISOString()).toBe('2026-03-08T13:00:00.000Z');
    expect(chicagoInstant('2026-11-01', '08:00').toISOString()).toBe('2026-11-01T14:00:00.000Z');
  });

  it('gives the Chicago date of an instant, which lags UTC in the evening', () => {
    expect(chicagoDate(new Date('2026-11-22T03:30:00Z'))).toBe('2026-11-21');
    expect(chicagoDate(new Date('2026-11-22T06:30:00Z'))).toBe('2026-11-22');
  });

  it('moves dates across month and year ends', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});

describe('booking slots', () => {
  // 2026-11-22 09:30 in Chicago.
  const now = new Date('2026-11-22T15:30:00Z');

  it('accepts today up to 30 days ahead, hourly 08:00–16:00, at least 2 hours out', () => {
    expect(slotProblem('2026-11-22', '12:00', now)).toBeNull();
    expect(slotProblem('2026-12-22', '16:00', now)).toBeNull();
    expect(slotProblem('2026-11-22', '11:00', now)).toBe(
      'Choose a time at least 2 hours from now.',
    );
    expect(slotProblem('2026-11-21', '12:00', now)).toBe(
      'Choose a date from today up to 30 days ahead.',
    );
    expect(slotProblem('2026-12-23', '09:00', now)).toBe(
      'Choose a date from today up to 30 days ahead.',
    );
    expect(slotProblem('2026-11-23', '17:00', now)).toBe(
      'Choose a time between 8:00 AM and 4:00 PM.',
    );
    expect(slotProblem('2026-11-23', '09:30', now)).toBe(
      'Choose a time between 8:00 AM and 4:00 PM.',
    );
  });

  it('formats slots for people', () => {
    expect(TIME_SLOTS.map(formatSlot)).toEqual([
      '8:00 AM',
      '9:00 AM',
      '10:00 AM',
      '11:00 AM',
      '12:00 PM',
      '1:00 PM',
      '2:00 PM',
      '3:00 PM',
      '4:00 PM',
    ]);
  });
});

describe('formatDate', () => {
  it('writes a calendar date the way the screens show it', () => {
    expect(formatDate('2025-01-05')).toBe('Jan 5, 2025');
    expect(formatDate('2026-12-31')).toBe('Dec 31, 2026');
  });
});

describe('formatClock', () => {
  it('shows an instant as Chicago wall-clock time', () => {
    expect(formatClock(new Date('2026-01-05T15:03:00Z'))).toBe('9:03 AM');
    expect(formatClock(new Date('2026-07-05T23:30:00Z'))).toBe('6:30 PM');
  });

  it('shows an instant the API sent as a Chicago date and time', () => {
    expect(formatInstant('2026-01-05T15:03:00.000Z')).toBe('Jan 5, 2026, 9:03 AM');
  });

  it('reads the Chicago wall clock of an instant, across a DST change', () => {
    expect(chicagoTime(chicagoInstant('2026-03-08', '09:00'))).toBe('09:00');
    expect(chicagoTime(chicagoInstant('2026-11-01', '00:30'))).toBe('00:30');
    expect(chicagoTime(new Date('2026-11-23T15:04:05Z'))).toBe('09:04');
  });
});
