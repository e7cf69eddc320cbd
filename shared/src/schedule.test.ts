import { describe, expect, it } from 'vitest';
import { addDays, chicagoDate, chicagoInstant } from './schedule';

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
