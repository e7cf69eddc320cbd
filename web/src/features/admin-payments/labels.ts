import type { PaymentStatus } from '@twinclean/shared/admin-payments';
import type { BadgeTone } from '@twinclean/shared/ui/badge';

// The payment records page's words for statuses: its table and its filters say the same (kinds
// are named as the portal's receipts name them: ../client/format).

/** In the order the Status filter offers them. */
export const STATUS: Record<PaymentStatus, { label: string; tone: BadgeTone }> = {
  succeeded: { label: 'Succeeded', tone: 'success' },
  requires_payment: { label: 'Awaiting payment', tone: 'neutral' },
  processing: { label: 'Processing', tone: 'brand' },
  failed: { label: 'Failed', tone: 'danger' },
  canceled: { label: 'Canceled', tone: 'neutral' },
};
