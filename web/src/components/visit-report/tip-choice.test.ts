import { describe, expect, it } from 'vitest';
import { tipChoiceSchema, tipRequestOf } from './tip-choice';
import '@twinclean/shared/zod-english';

const parse = (input: unknown) => tipChoiceSchema.safeParse(input);

describe('tip choice', () => {
  it('asks for a percent by its number, whatever was typed in the amount', () => {
    const parsed = parse({ choice: '20', amount: 'junk' });
    expect(parsed.success && tipRequestOf(parsed.data)).toEqual({ percent: 20 });
  });

  it('asks for another amount as typed, trimmed', () => {
    const parsed = parse({ choice: 'other', amount: ' 12.50 ' });
    expect(parsed.success && tipRequestOf(parsed.data)).toEqual({ amount: '12.50' });
  });

  it('refuses an amount outside the shared limits under the amount field', () => {
    for (const amount of ['', '0.50', '1000.01', 'ten', '5.123']) {
      const parsed = parse({ choice: 'other', amount });
      expect(parsed.success, amount).toBe(false);
      expect(parsed.error?.issues[0]?.path).toEqual(['amount']);
      expect(parsed.error?.issues[0]?.message).toBe(
        'Enter a tip from $1.00 to $1,000.00, like 20.00',
      );
    }
  });

  it('refuses a percent that is not offered', () => {
    expect(parse({ choice: '30', amount: '' }).success).toBe(false);
  });
});
