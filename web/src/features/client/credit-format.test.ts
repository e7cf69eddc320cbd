import { describe, expect, it } from 'vitest';
import { referralStanding, signedDollars } from './credit-format';

describe('the referral credit card', () => {
  it('signs each ledger entry', () => {
    expect(signedDollars('20.00')).toBe('+$20.00');
    expect(signedDollars('-20.00')).toBe('−$20.00');
    expect(signedDollars('-1234.50')).toBe('−$1,234.50');
  });

  it("says where each friend's referral stands", () => {
    const friend = { firstName: 'Grace', createdAt: '2026-11-20T15:00:00.000Z' };
    expect(
      referralStanding({ ...friend, status: 'waiting', refusedReason: null }, '20.00'),
    ).toEqual({
      label: 'Waiting',
      tone: 'brand',
      note: 'You get $20.00 once their first visit is done.',
    });
    expect(
      referralStanding({ ...friend, status: 'credited', refusedReason: null }, '20.00'),
    ).toMatchObject({ label: 'Credited', note: null });
    expect(
      referralStanding(
        { ...friend, status: 'refused', refusedReason: 'The same card is saved by both clients' },
        '20.00',
      ),
    ).toMatchObject({ label: 'No credit', note: 'The same card is saved by both clients' });
  });
});
