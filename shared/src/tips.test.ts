import { describe, expect, it } from 'vitest';
import { TIP_DAYS, tipOpen, tipPercentCents, tipRecordSchema, tipRequestSchema } from './tips';

const DAY = 86_400_000;
const CHOOSE = 'Choose 15%, 20% or 25%, or enter an amount';
const RANGE = 'Enter a tip from $1.00 to $1,000.00, like 20.00';

const problems = (input: unknown) => {
  const parsed = tipRequestSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('tipRequestSchema', () => {
  it('takes a percent it offers, or an amount as typed', () => {
    expect(tipRequestSchema.parse({ percent: 20 })).toEqual({ percent: 20 });
    expect(tipRequestSchema.parse({ amount: ' 20.5 ' })).toEqual({ amount: '20.5' });
    expect(tipRequestSchema.parse({ amount: '1000' })).toEqual({ amount: '1000' });
    expect(tipRequestSchema.parse({ amount: '1' })).toEqual({ amount: '1' });
  });

  it('asks for exactly one of the two', () => {
    expect(problems({})).toEqual([`amount: ${CHOOSE}`]);
    expect(problems({ percent: 15, amount: '10' })).toEqual([`amount: ${CHOOSE}`]);
  });

  it('refuses percents it does not offer and amounts out of range, saying the range', () => {
    expect(problems({ percent: 10 })).toHaveLength(1);
    expect(problems({ percent: '20' })).toHaveLength(1);
    expect(problems({ amount: '0.99' })).toEqual([`amount: ${RANGE}`]);
    expect(problems({ amount: '1000.01' })).toEqual([`amount: ${RANGE}`]);
    expect(problems({ amount: '20.555' })).toEqual([`amount: ${RANGE}`]);
    expect(problems({ amount: '-5' })).toEqual([`amount: ${RANGE}`]);
    expect(problems({ amount: 'twenty' })).toEqual([`amount: ${RANGE}`]);
    expect(problems({ amount: 20 })).toEqual([`amount: ${RANGE}`]);
  });
});

describe('tipRecordSchema', () => {
  it('needs the intent id', () => {
    expect(tipRecordSchema.safeParse({ paymentIntentId: '' }).error?.issues[0]?.message).toBe(
      'Payment intent is required',
    );
    expect(tipRecordSchema.parse({ paymentIntentId: 'pi_1' })).toEqual({ paymentIntentId: 'pi_1' });
  });
});

describe('tipPercentCents', () => {
  it('offers 15, 20 and 25 % of the visit, rounded to the cent', () => {
    expect(tipPercentCents(13_500)).toEqual([
      { percent: 15, cents: 2025 },
      { percent: 20, cents: 2700 },
      { percent: 25, cents: 3375 },
    ]);
    // 15 % of $90.03 is $13.5045: to the nearest cent.
    expect(tipPercentCents(9003).map((p) => p.cents)).toEqual([1350, 1801, 2251]);
  });
});

describe('tipOpen', () => {
  const done = new Date('2026-11-01T18:00:00Z');
  it('opens at clock-out and closes TIP_DAYS later', () => {
    const visit = { clockOutAt: done, canceledAt: null };
    expect(tipOpen(visit, new Date(done.getTime() + 1000))).toBe(true);
    expect(tipOpen(visit, new Date(done.getTime() + TIP_DAYS * DAY))).toBe(true);
    expect(tipOpen(visit, new Date(done.getTime() + TIP_DAYS * DAY + 1))).toBe(false);
  });

  it('is closed before the clock-out and on a canceled visit', () => {
    expect(tipOpen({ clockOutAt: null, canceledAt: null }, done)).toBe(false);
    expect(tipOpen({ clockOutAt: done, canceledAt: done }, done)).toBe(false);
  });
});
