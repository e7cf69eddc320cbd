import { describe, expect, it } from 'vitest';
import { rangeFormSchema } from './range-form';

const parse = (from: string, to: string) => rangeFormSchema.safeParse({ from, to });
const messages = (from: string, to: string) =>
  parse(from, to).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('the reconciliation days form', () => {
  it('sends one day, or days in order, as typed', () => {
    expect(parse('2026-11-03', '2026-11-03').data).toEqual({
      from: '2026-11-03',
      to: '2026-11-03',
    });
    expect(parse(' 2026-11-01', '2026-11-30 ').data).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
    });
  });

  it('says which day to fill in, and what is wrong with the range', () => {
    expect(messages('', '2026-11-30')).toEqual([['from', 'Choose the first day to check']]);
    expect(messages('2026-11-30', '2026-11-01')).toEqual([
      ['to', 'The start date must be on or before the end date'],
    ]);
    expect(messages('2025-01-01', '2026-01-02')).toEqual([
      ['to', 'Check at most 366 days at a time'],
    ]);
  });
});
