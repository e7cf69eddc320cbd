import { Link } from '@tanstack/react-router';
import type { AdminPayout, PayoutRefusalCode } from '@twinclean/shared/admin';
import { rowLinkClass } from '../../components/admin-list/sortable-table';
import { MarkPaidButton } from './mark-paid-button';

/** What the booking page does about a refusal that an admin settles there. */
const ON_BOOKING_PAGE: Partial<Record<PayoutRefusalCode, string>> = {
  payout_needs_review: 'Review',
  price_to_confirm: 'Confirm the price',
};

/**
 * Mark Paid where the rules allow it; otherwise, on a pending payout, why not (the API would
 * refuse with the same words) and, for a flagged one, the way to the booking page that reviews it.
 */
export function PayoutActions({ payout }: { payout: AdminPayout }) {
  const { payability } = payout;
  if (payability.payable) {
    const { firstName, lastName } = payout.provider;
    return <MarkPaidButton payoutId={payout.id} provider={`${firstName} ${lastName}`} />;
  }
  if (payout.status === 'paid') return null;
  const action = ON_BOOKING_PAGE[payability.code];
  return (
    <div className="grid w-52 justify-items-start gap-1 text-xs text-slate-700">
      <p>{payability.reason}</p>
      {/* Held by a weekly transfer not sent yet: its page retries or cancels it. */}
      {payability.code === 'in_transfer' && payout.transfer && (
        <Link
          to="/admin/transfers/$id"
          params={{ id: payout.transfer.id }}
          className={`${rowLinkClass} font-semibold`}
          aria-label={`Open the transfer: ${payout.provider.firstName} ${payout.provider.lastName}, ${payout.booking.address}`}
        >
          Open the transfer
        </Link>
      )}
      {action && (
        <Link
          to="/admin/bookings/$id"
          params={{ id: payout.booking.id }}
          className={`${rowLinkClass} font-semibold`}
          aria-label={`${action} on the booking page: ${payout.booking.address}`}
        >
          {action} on the booking page
        </Link>
      )}
    </div>
  );
}
