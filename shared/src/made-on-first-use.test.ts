import { describe, expect, it } from 'vitest';
import { dateFormatOnFirstUse, madeOnFirstUse } from './made-on-first-use';

describe('madeOnFirstUse', () => {
  it('makes nothing until asked, then makes once and answers the same value', () => {
    let makes = 0;
    const formatter = madeOnFirstUse(() => {
      makes += 1;
      return new Intl.NumberFormat('en-US');
    });
    expect(makes).toBe(0);
    const first = formatter();
    expect(first.format(1204)).toBe('1,204');
    expect(formatter()).toBe(first);
    expect(makes).toBe(1);
  });

  it('keeps a made value that is falsy', () => {
    let makes = 0;
    const zero = madeOnFirstUse(() => {
      makes += 1;
      return 0;
    });
    expect([zero(), zero()]).toEqual([0, 0]);
    expect(makes).toBe(1);
  });

  it('makes an en-US date format with the options given, once', () => {
    const format = dateFormatOnFirstUse({ timeZone: 'UTC', month: 'short', day: 'numeric' });
    expect(format().format(new Date(Date.UTC(2025, 0, 5)))).toBe('Jan 5');
    expect(format()).toBe(format());
  });
});
