import { describe, expect, it } from 'vitest';
import { finalPriceSchema } from './final-price';

describe('the final price', () => {
  it('reads dollars with or without cents', () => {
    expect(finalPriceSchema.parse({ totalAmount: ' 10000.00 ' })).toEqual({
      totalAmount: '10000.00',
    });
  });

  it('refuses nothing, too much, negatives and other text, saying why', () => {
    const message = (totalAmount: unknown) =>
      finalPriceSchema.safeParse({ totalAmount }).error?.issues[0]?.message;
    const range = 'The final price must be more than $0.00 and at most $10,000.00';
    expect(message('0.00')).toBe(range);
    expect(message('10000.01')).toBe(range);
    for (const bad of ['-5.00', '1e3', '12.345', '', '$12', 12]) {
      expect(message(bad), String(bad)).toBe('Enter the price in dollars, like 180.00');
    }
  });
});
