import type { PaymentStatus } from '@twinclean/shared/admin-payments';
import type { PaymentKind } from '@twinclean/shared/payments';
import type { BadgeTone } from '@twinclean/shared/ui/badge';

// The payment records page's words for kinds and statuses: its table and its filters say the same.

/** In the order the Kind filter offers them. */
export const KIND_NAMES: Record<PaymentKind, string> = {
  deposit: 'Deposit',
  balance: 'Balance',
  full: 'Full payment',
  late_cancel_fee: 'Late-cancel fee',
  subscription: 'Membership',
  early_cancel_fee: 'Early-cancel fee',
};

/** In the order the Status filter offers them. */
export const STATUS: Record<PaymentStatus, { label: string; tone: BadgeTone }> = {
  succeeded: { label: 'Succeeded', tone: 'success' },
  requires_payment: { label: 'Awaiting payment', tone: 'neutral' },
  processing: { label: 'Processing', tone: 'brand' },
  failed: { label: 'Failed', tone: 'danger' },
  canceled: { label: 'Canceled', tone: 'neutral' },
};
