import { describe, expect, it } from 'vitest';
import { referralStanding, shareTerms, signedDollars } from './credit-format';

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
      note: 'You get $20 once their first visit is done.',
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
    // The referrer's credit set to $0: nothing is promised.
    expect(
      referralStanding({ ...friend, status: 'waiting', refusedReason: null }, '0.00'),
    ).toMatchObject({ label: 'Waiting', note: null });
  });

  it('says what each side gets, leaving out a side that gets nothing', () => {
    expect(shareTerms('20.00', '15.50')).toBe(
      'Friends who book through your link get $20 off their first cleaning; you get $15.50 once it is done.',
    );
    expect(shareTerms('0.00', '20.00')).toBe(
      'When a friend books through your link, you get $20 once their first cleaning is done.',
    );
    expect(shareTerms('20.00', '0.00')).toBe(
      'Friends who book through your link get $20 off their first cleaning.',
    );
    expect(shareTerms('0.00', '0.00')).toBeNull();
  });
});
