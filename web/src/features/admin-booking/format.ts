import { formatWireDollars } from '@twinclean/shared/money';
import type { PaymentKind, PaymentOption } from '@twinclean/shared/payments';
import type { SubscriptionType } from '@twinclean/shared/roles';

// How the admin booking page names things. Amounts arrive as dollars with two decimals.

/** "$1,234.50" for a wire amount. */
export const money = formatWireDollars;

export const MEMBERSHIP_LABELS: Record<SubscriptionType, string> = {
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
};

export const PAY_LINK_LABELS: Record<PaymentOption, string> = {
  deposit: 'Deposit',
  balance: 'Balance',
  full: 'Payment in full',
};

/** Spec 2 §9: coordinates to 4 decimals. */
export const coordinates = (latitude: number | null, longitude: number | null): string | null =>
  latitude === null || longitude === null
    ? null
    : `${latitude.toFixed(4)}, ${longitude.toFixed(4)}`;

/** "180 m" up to a kilometre, then "3.9 km". */
export const distance = (metres: number | null): string | null =>
  metres === null ? null : metres < 1000 ? `${metres} m` : `${(metres / 1000).toFixed(1)} km`;

/** Spec 2 §9: payout hours to 2 decimals. */
export const hours = (value: number): string => `${value.toFixed(2)} h`;
