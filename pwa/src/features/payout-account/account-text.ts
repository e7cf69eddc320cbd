import type { PayoutAccountView } from '@twinclean/shared/payout-accounts';

// How a payout account reads on the phone (issue 33): its state in a few words, and the one
// thing the provider can do next about it.

/** "Not connected", "Needs details", "Being verified", "Connected · bank ••6789", "Disabled: …". */
export function accountStateLabel(
  account: Pick<PayoutAccountView, 'state' | 'bankLast4' | 'disabledReason'>,
): string {
  switch (account.state) {
    case 'none':
      return 'Not connected';
    case 'incomplete':
      return 'Needs details';
    case 'review':
      return 'Being verified';
    case 'enabled':
      return account.bankLast4 ? `Connected · bank ••${account.bankLast4}` : 'Connected';
    case 'disabled':
      return `Disabled: ${account.disabledReason ?? 'the payment gateway turned it off'}`;
  }
}

/** Whether weekly transfers can reach the account, for the badge's colour. */
export const accountTone = (state: PayoutAccountView['state']) =>
  state === 'enabled' ? 'good' : state === 'disabled' ? 'bad' : 'waiting';

export type AccountAction =
  | { kind: 'stripe'; label: 'Connect with Stripe' | 'Continue with Stripe' }
  | { kind: 'local'; label: 'Set up payout account' | 'Edit payout account' };

/**
 * The next step. With Stripe, Stripe's own pages collect everything: a first visit connects, an
 * unfinished or refused one continues there; while Stripe checks or once enabled, nothing is
 * asked. The test-mode form is always there to set up or change.
 */
export function accountAction(
  account: Pick<PayoutAccountView, 'gateway' | 'state'>,
): AccountAction | null {
  if (account.gateway === 'local') {
    return {
      kind: 'local',
      label: account.state === 'none' ? 'Set up payout account' : 'Edit payout account',
    };
  }
  if (account.state === 'none') return { kind: 'stripe', label: 'Connect with Stripe' };
  if (account.state === 'incomplete' || account.state === 'disabled') {
    return { kind: 'stripe', label: 'Continue with Stripe' };
  }
  return null;
}

export const PAYOUT_OFFLINE_MESSAGE = "You're offline — connect to the internet to set up payouts.";
export const STRIPE_RETURN_MESSAGE = "Welcome back — we're checking your details with Stripe.";
export const STRIPE_REFRESH_MESSAGE =
  'That Stripe link has expired. Continue with Stripe to pick up where you left off.';
