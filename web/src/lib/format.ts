import { formatWireDollars } from '@twinclean/shared/money';
import type { PaymentKind, PaymentOption } from '@twinclean/shared/payments';
import type { SubscriptionType } from '@twinclean/shared/roles';

// How the portal names things. Amounts arrive as dollars with two decimals ("12.50").

/** "$1,234.50" for a wire amount. */
export const money = formatWireDollars;

export const SUBSCRIPTION_LABELS: Record<SubscriptionType, string> = {
  standard: 'Standard',
  senior: 'Senior',
  none: 'Pay Per Visit',
};

export const PAYMENT_KIND_LABELS: Record<PaymentKind, string> = {
  deposit: 'Deposit',
  balance: 'Balance',
  full: 'Payment in full',
  late_cancel_fee: 'Late-cancellation fee',
  subscription: 'Subscription',
  early_cancel_fee: 'Early-cancellation fee',
  tip: 'Tip',
};

export const PAYMENT_OPTION_LABELS: Record<PaymentOption, string> = {
  deposit: 'Deposit',
  full: 'Pay in full',
  balance: 'Remaining balance',
};

/** "Card ending in 4242", or null when the gateway named no card. */
export const cardLabel = (last4: string | null): string | null =>
  last4 ? `Card ending in ${last4}` : null;
