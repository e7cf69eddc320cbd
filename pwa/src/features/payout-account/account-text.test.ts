import { describe, expect, it } from 'vitest';
import { accountAction, accountStateLabel } from './account-text';

const account = { bankLast4: null, disabledReason: null };

describe('a payout account’s state label', () => {
  it('names each state as the provider reads it', () => {
    expect(accountStateLabel({ ...account, state: 'none' })).toBe('Not connected');
    expect(accountStateLabel({ ...account, state: 'incomplete' })).toBe('Needs details');
    expect(accountStateLabel({ ...account, state: 'review' })).toBe('Being verified');
  });

  it('shows the bank’s last four once connected, and the gateway’s reason when disabled', () => {
    expect(accountStateLabel({ ...account, state: 'enabled', bankLast4: '6789' })).toBe(
      'Connected · bank ••6789',
    );
    expect(accountStateLabel({ ...account, state: 'enabled' })).toBe('Connected');
    expect(
      accountStateLabel({ ...account, state: 'disabled', disabledReason: 'Identity not verified' }),
    ).toBe('Disabled: Identity not verified');
  });
});

describe('the next step for a payout account', () => {
  it('with Stripe: connect first, continue an unfinished or refused one, else nothing to do', () => {
    const stripe = (state: Parameters<typeof accountAction>[0]['state']) =>
      accountAction({ gateway: 'stripe', state })?.label ?? null;
    expect(stripe('none')).toBe('Connect with Stripe');
    expect(stripe('incomplete')).toBe('Continue with Stripe');
    expect(stripe('disabled')).toBe('Continue with Stripe');
    expect(stripe('review')).toBeNull();
    expect(stripe('enabled')).toBeNull();
  });

  it('with the test form: set it up first, then edit it in any state', () => {
    expect(accountAction({ gateway: 'local', state: 'none' })).toEqual({
      kind: 'local',
      label: 'Set up payout account',
    });
    for (const state of ['incomplete', 'review', 'enabled', 'disabled'] as const) {
      expect(accountAction({ gateway: 'local', state })?.label).toBe('Edit payout account');
    }
  });
});
