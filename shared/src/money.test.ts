import { describe, expect, it } from 'vitest';
import {
  centsToDollars,
  dollarsToCents,
  enteredDollarsToCents,
  formatDollars,
  formatShortDollars,
} from './money';

describe('money', () => {
  it('writes cents as dollars with two decimals', () => {
    expect(centsToDollars(0)).toBe('0.00');
    expect(centsToDollars(5)).toBe('0.05');
    expect(centsToDollars(9999)).toBe('99.99');
    expect(centsToDollars(13500)).toBe('135.00');
    expect(centsToDollars(-250)).toBe('-2.50');
  });

  it('reads dollars back to the same cents', () => {
    for (const cents of [0, 1, 99, 100, 4500, 9999, 123456, -250]) {
      expect(dollarsToCents(centsToDollars(cents))).toBe(cents);
    }
  });

  it('reads dollars as typed, cents optional', () => {
    expect(enteredDollarsToCents('180')).toBe(18_000);
    expect(enteredDollarsToCents('180.5')).toBe(18_050);
    expect(enteredDollarsToCents('180.05')).toBe(18_005);
  });

  it('refuses fractions of a cent and loose formats', () => {
    expect(() => centsToDollars(10.5)).toThrow(RangeError);
    expect(() => dollarsToCents('12.5')).toThrow();
    expect(() => dollarsToCents('$12.50')).toThrow();
  });

  it('formats for people with a dollar sign and thousands separators', () => {
    expect(formatDollars(4500)).toBe('$45.00');
    expect(formatDollars(123456789)).toBe('$1,234,567.89');
    expect(formatShortDollars(10_000)).toBe('$100');
    expect(formatShortDollars(4550)).toBe('$45.50');
    expect(formatShortDollars(250_000)).toBe('$2,500');
    expect(formatDollars(-2000)).toBe('-$20.00');
  });
});
