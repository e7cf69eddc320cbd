import { describe, expect, it } from 'vitest';
import { withCode } from './discount';

describe('an estimate with a discount code', () => {
  it('takes a percent rounded to the cent, a fixed sum at most the estimate', () => {
    const percent = { code: 'SPRING25', percentOff: 25, amountOff: null, description: '25% off' };
    expect(withCode(27_000, percent)).toEqual({
      totalCents: 20_250,
      offCents: 6_750,
      row: { label: 'Code SPRING25', value: '−$67.50' },
    });
    const fixed = { code: 'RUG20', percentOff: null, amountOff: '20.00', description: '$20 off' };
    expect(withCode(1_500, fixed)).toMatchObject({ totalCents: 0, offCents: 1_500 });
  });

  it('changes nothing without a code', () => {
    expect(withCode(27_000, null)).toEqual({ totalCents: 27_000, offCents: 0, row: null });
  });
});
