import type { AdminPayout } from '@twinclean/shared/admin';
import { formatWireDollars } from '@twinclean/shared/money';
import { Badge } from '@twinclean/shared/ui/badge';
import { PlainTable } from '../../components/admin-list/plain-table';
import { LocationCell } from './location-cell';
import { PayoutActions } from './payout-actions';
import { TransferNote } from './transfer-note';

const HEADINGS = [
  'Provider',
  'Booking',
  'Hours',
  'Rate',
  'Wait Pay',
  'Total',
  'Tip',
  'Status',
  'Location',
  'Actions',
];

/** Spec 2 "Admin payouts": the table of one page. */
export function PayoutsTable({ payouts }: { payouts: AdminPayout[] }) {
  return (
    <PlainTable headings={HEADINGS} className="min-w-[68rem]">
      {payouts.map((p) => (
        <tr key={p.id} className="align-top">
          <th scope="row" className="px-3 py-3 font-medium">
            {p.provider.firstName} {p.provider.lastName}
          </th>
          <td className="px-3 py-3">
            <div>{p.booking.address}</div>
            <div className="text-xs text-slate-500">
              {p.booking.city}, {p.booking.state}
            </div>
          </td>
          <td className="px-3 py-3">
            {p.hoursWorked.toFixed(2)}
            {/* Capped hours: the total pays fewer than were measured until an admin approves them. */}
            {p.hoursPaid !== p.hoursWorked && (
              <div className="text-xs text-slate-500">{p.hoursPaid.toFixed(2)} paid</div>
            )}
          </td>
          <td className="px-3 py-3">
            {p.hourlyRate === null ? 'Share' : `${formatWireDollars(p.hourlyRate)}/hr`}
          </td>
          <td className="px-3 py-3">{formatWireDollars(p.waitPay)}</td>
          <td className="px-3 py-3 font-semibold">
            {formatWireDollars(p.totalAmount)}
            {p.bonus !== '0.00' && (
              <div className="text-xs font-normal text-slate-500">
                incl. {formatWireDollars(p.bonus)} bonus
              </div>
            )}
          </td>
          {/* The client's tip: the provider's in full, a line of its own, never in the total. */}
          <td className="px-3 py-3">
            {formatWireDollars(p.tip)}
            {/* A tip that came after Mark Paid: Mark Paid again pays it out. */}
            {p.tipOwed !== '0.00' && (
              <div className="whitespace-nowrap text-xs font-semibold text-amber-700">
                Tip owed {formatWireDollars(p.tipOwed)}
              </div>
            )}
            {p.tipRefundedAfterPayout !== '0.00' && (
              <div className="whitespace-nowrap text-xs text-slate-500">
                {formatWireDollars(p.tipRefundedAfterPayout)} refunded after payout
              </div>
            )}
          </td>
          <td className="px-3 py-3">
            <div className="grid justify-items-start gap-1">
              <Badge tone={p.status === 'paid' ? 'success' : 'warning'}>
                {p.status === 'paid' ? 'Paid' : 'Pending'}
              </Badge>
              {!p.payability.payable && p.payability.code === 'payout_needs_review' && (
                <Badge tone="danger" className="whitespace-nowrap">
                  Needs review
                </Badge>
              )}
              {!p.payability.payable && p.payability.code === 'price_to_confirm' && (
                <Badge tone="warning" className="whitespace-nowrap">
                  Price to confirm
                </Badge>
              )}
              {!p.payability.payable && p.payability.code === 'in_transfer' && (
                <Badge tone="brand" className="whitespace-nowrap">
                  In transfer
                </Badge>
              )}
              {/* Paid (or being paid) by the weekly transfer, not by an admin's Mark Paid. */}
              {p.paidBy === null && p.transfer && <TransferNote transfer={p.transfer} />}
            </div>
          </td>
          <td className="px-3 py-3">
            <LocationCell payout={p} />
          </td>
          <td className="px-3 py-3">
            <PayoutActions payout={p} />
          </td>
        </tr>
      ))}
    </PlainTable>
  );
}
