import { giftCardPurchaseSchema } from '@twinclean/shared/gift-cards';
import { describe, expect, it } from 'vitest';
import {
  choiceOf,
  deliveryNote,
  deliveryWindow,
  messageCount,
  purchaseDefaults,
  typedDollars,
} from './amount';

const amountProblem = (typed: string) => {
  const parsed = giftCardPurchaseSchema.safeParse({
    ...purchaseDefaults(new Date('2026-11-28T18:00:00Z'), null),
    purchaserName: 'Ada Lovelace',
    purchaserEmail: 'ada@example.com',
    recipientName: 'Grace',
    recipientEmail: 'grace@example.com',
    amount: typedDollars(typed),
  });
  return parsed.success ? null : parsed.error.issues.map((i) => i.path.join('.'));
};

describe('the gift card amount', () => {
  it('takes "Other amount" as people type it, in whole dollars from $10 to $500', () => {
    expect(typedDollars(' $75 ')).toBe('75');
    expect(typedDollars('$ 100')).toBe('100');
    // Commas go only where they group thousands; a decimal comma or a stray one is refused,
    // not read as a bigger amount.
    expect(typedDollars('1,000')).toBe('1000');
    expect(typedDollars('$1,000.00')).toBe('1000.00');
    expect(typedDollars('10,5')).toBe('10,5');
    expect(typedDollars('1,00')).toBe('1,00');
    expect(amountProblem('10,5')).toEqual(['amount']);
    expect(amountProblem('1,00')).toEqual(['amount']);
    expect(amountProblem('1,000')).toEqual(['amount']);
    expect(amountProblem('$75')).toBeNull();
    expect(amountProblem('10')).toBeNull();
    expect(amountProblem('500.00')).toBeNull();
    expect(amountProblem('9')).toEqual(['amount']);
    expect(amountProblem('501')).toEqual(['amount']);
    expect(amountProblem('75.50')).toEqual(['amount']);
    expect(amountProblem('seventy')).toEqual(['amount']);
    expect(amountProblem('')).toEqual(['amount']);
  });

  it('shows a preset as its own choice and anything else as "Other amount"', () => {
    expect(choiceOf('50')).toBe('50');
    expect(choiceOf('200')).toBe('200');
    expect(choiceOf('75')).toBe('other');
    expect(choiceOf('')).toBe('other');
  });
});

describe('the delivery date', () => {
  it('runs from today in Chicago up to a year ahead', () => {
    // 03:00 UTC on Nov 29 is still Nov 28 in Chicago.
    expect(deliveryWindow(new Date('2026-11-29T03:00:00Z'))).toEqual({
      min: '2026-11-28',
      max: '2027-11-28',
    });
  });

  it('is today by default, with the signed-in purchaser filled in', () => {
    const user = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' };
    expect(purchaseDefaults(new Date('2026-11-28T18:00:00Z'), user)).toMatchObject({
      amount: '50',
      purchaserName: 'Ada Lovelace',
      purchaserEmail: 'ada@example.com',
      deliverOn: '2026-11-28',
      message: '',
    });
  });
});

it('counts the message toward its 500 characters', () => {
  expect(messageCount(undefined)).toBe('0 of 500 characters');
  expect(messageCount('Happy birthday!')).toBe('15 of 500 characters');
});

it('promises the recipient their code on the day the server kept', () => {
  expect(deliveryNote({ recipientEmail: 'grace@example.com', deliverOn: '2026-12-24' })).toBe(
    "We'll e-mail grace@example.com the code on Dec 24, 2026.",
  );
});
