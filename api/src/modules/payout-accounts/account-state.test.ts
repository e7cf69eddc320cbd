import { describe, expect, it } from 'vitest';
import { NEW_ACCOUNT_DUE } from '../../test/stripe-stand-in-connect';
import {
  type AccountFields,
  accountState,
  disabledReasonText,
  MORE_DETAILS,
  missingFor,
  missingOf,
} from './account-state';

const row = (fields: Partial<AccountFields> = {}): AccountFields => ({
  detailsSubmitted: false,
  payoutsEnabled: false,
  requirementsDue: [],
  disabledReason: null,
  bankLast4: null,
  ...fields,
});

describe('what Stripe still needs, in words', () => {
  it('names each requirement once, in the order the provider meets them', () => {
    expect(missingOf(NEW_ACCOUNT_DUE)).toEqual([
      'Your bank account',
      'Your Social Security number',
      'Your date of birth',
      'Your home address',
      "Accepting Stripe's terms",
      MORE_DETAILS,
    ]);
  });

  it('reads the full SSN and the ID photo too, and nothing for nothing due', () => {
    expect(
      missingOf(['individual.verification.document', 'individual.id_number', 'tos_acceptance.ip']),
    ).toEqual(['Your Social Security number', 'A photo of your ID', "Accepting Stripe's terms"]);
    expect(missingOf(['business_profile.url', 'individual.phone'])).toEqual([MORE_DETAILS]);
    expect(missingOf([])).toEqual([]);
  });

  it('asks for more details when onboarding is unfinished but Stripe lists nothing', () => {
    expect(missingFor(row())).toEqual([MORE_DETAILS]);
    expect(missingFor(row({ detailsSubmitted: true }))).toEqual([]);
    expect(missingFor(null)).toEqual([]);
  });
});

describe("an account's state", () => {
  it('is none without an account, enabled once payouts are', () => {
    expect(accountState(null)).toBe('none');
    expect(accountState(row({ payoutsEnabled: true, detailsSubmitted: true }))).toBe('enabled');
  });

  it('is incomplete while something is due or onboarding is unfinished', () => {
    const fresh = row({
      requirementsDue: NEW_ACCOUNT_DUE,
      disabledReason: 'requirements.past_due',
    });
    expect(accountState(fresh)).toBe('incomplete');
    expect(accountState(row())).toBe('incomplete');
    expect(disabledReasonText(fresh)).toBeNull();
  });

  it('is in review once everything is given and Stripe checks it', () => {
    const checking = row({
      detailsSubmitted: true,
      disabledReason: 'requirements.pending_verification',
    });
    expect(accountState(checking)).toBe('review');
    expect(accountState(row({ detailsSubmitted: true, disabledReason: 'under_review' }))).toBe(
      'review',
    );
    expect(disabledReasonText(checking)).toBeNull();
  });

  it('is disabled when Stripe refuses it, with the reason in words', () => {
    const fraud = row({ detailsSubmitted: true, disabledReason: 'rejected.fraud' });
    expect(accountState(fraud)).toBe('disabled');
    expect(disabledReasonText(fraud)).toBe('Stripe rejected the account on suspicion of fraud');
    const other = row({ detailsSubmitted: true, disabledReason: 'rejected.something_new' });
    expect(disabledReasonText(other)).toBe('Stripe rejected the account');
    const paused = row({ detailsSubmitted: true, disabledReason: 'platform_paused' });
    expect(accountState(paused)).toBe('disabled');
    expect(disabledReasonText(paused)).toBe('TwinClean paused payouts to this account');
    expect(disabledReasonText(row({ detailsSubmitted: true, disabledReason: 'other' }))).toBe(
      'Stripe stopped payouts to this account',
    );
  });
});
