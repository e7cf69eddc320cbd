import type { SubscriptionView } from '@twinclean/shared/subscriptions';
import { describe, expect, it } from 'vitest';
import { cancelConsequence, formatDay, statusLabel } from './format';

const subscription: SubscriptionView = {
  id: 'sub-1',
  plan: 'standard',
  status: 'active',
  price: '99.99',
  currentPeriodEnd: '2027-02-05T18:00:00.000Z',
  minimumTermEndsAt: '2027-04-05T17:00:00.000Z',
  paidMonths: 1,
  cancelAtPeriodEnd: false,
  canceledAt: null,
  lastFailureMessage: null,
  nextRetryAt: null,
  card: { brand: 'visa', last4: '4242' },
  cancelTerms: { fee: '100.00', immediate: true, endsAt: '2027-01-10T18:00:00.000Z' },
};

describe('cancelConsequence', () => {
  it('inside the minimum term names the fee and the card, and says it ends today', () => {
    expect(cancelConsequence(subscription)).toBe(
      'Canceling now charges the $100.00 early-cancellation fee to your Visa ending 4242 and ends your membership today.',
    );
  });

  it('says "your saved card" when the gateway named none', () => {
    expect(cancelConsequence({ ...subscription, card: null })).toContain(
      'fee to your saved card and ends',
    );
  });

  it('after the minimum term says the date it runs to, and no fee', () => {
    expect(
      cancelConsequence({
        ...subscription,
        paidMonths: 3,
        cancelTerms: { fee: '0.00', immediate: false, endsAt: '2027-05-05T17:00:00.000Z' },
      }),
    ).toBe('Your membership stays active until May 5, 2027; no fee.');
  });
});

describe('formatDay', () => {
  it('is the Chicago calendar day: 3 a.m. UTC is still the evening before', () => {
    expect(formatDay('2027-03-01T03:00:00.000Z')).toBe('Feb 28, 2027');
  });
});

describe('statusLabel', () => {
  it('says Ending for an active subscription that will not renew', () => {
    expect(statusLabel({ ...subscription, cancelAtPeriodEnd: true })).toBe('Ending');
    expect(statusLabel({ ...subscription, status: 'past_due' })).toBe('Payment past due');
  });
});
