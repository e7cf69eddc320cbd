import { REFERRAL_REFUSALS } from '@twinclean/shared/referrals';
import { describe, expect, it } from 'vitest';
import { refusalText, statusNote } from './format';

describe("the referrals page's words", () => {
  it('names the anti-farming rule a refusal broke, in the words clients read', () => {
    expect(refusalText('same_card')).toBe(REFERRAL_REFUSALS.same_card);
    expect(refusalText('same_email_domain')).toBe(REFERRAL_REFUSALS.same_email_domain);
    expect(refusalText('a rule added later')).toBe('a rule added later');
    expect(refusalText(null)).toBeNull();
  });

  it('says what a waiting referral waits for, and nothing more once credited', () => {
    expect(statusNote({ status: 'refused', refusedReason: 'same_address' })).toBe(
      REFERRAL_REFUSALS.same_address,
    );
    expect(statusNote({ status: 'waiting', refusedReason: null })).toBe(
      'The referrer is credited once the first visit is completed',
    );
    expect(statusNote({ status: 'credited', refusedReason: null })).toBeNull();
  });
});
