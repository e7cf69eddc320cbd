import type { Receipt } from '@twinclean/shared/payments';
import { formatDate } from '@twinclean/shared/schedule';
import { money, PAYMENT_KIND_LABELS } from '../../lib/format';

/** "Deposit for House Cleaning on Jan 5, 2025"; a refund "Refund: Deposit for …". */
export function receiptTitle(receipt: Receipt): string {
  const what = PAYMENT_KIND_LABELS[receipt.kind];
  const booking = receipt.booking
    ? ` for ${receipt.booking.serviceTitle} on ${formatDate(receipt.booking.scheduledDate)}`
    : '';
  return receipt.type === 'refund' ? `Refund: ${what}${booking}` : `${what}${booking}`;
}

/** A refund reads as money coming back. */
export const signedAmount = (receipt: Receipt) =>
  receipt.type === 'refund' ? `−${money(receipt.amount)}` : money(receipt.amount);
