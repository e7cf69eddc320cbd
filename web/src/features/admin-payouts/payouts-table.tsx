import type { AdminPayout } from '@twinclean/shared/admin';
import { formatWireDollars } from '@twinclean/shared/money';
import { Badge } from '@twinclean/shared/ui/badge';
import { LocationCell } from './location-cell';
import { MarkPaidButton } from './mark-paid-button';

const HEADINGS = [
  'Provider',
  'Booking',
  'Hours',
  'Rate',
  'Wait Pay',
  'Total',
  'Status',
  'Location',
  'Actions',
];

/** Spec 2 "Admin payouts": the table, or "No payouts yet". */
export function PayoutsTable({ payouts }: { payouts: AdminPayout[] }) {
  if (payouts.length === 0) {
    return (
      <p className="rounded-lg border bg-white p-8 text-center text-slate-600">No payouts yet</p>
    );
  }
  return (
    <div className="overflow-x-auto rounded-lg border bg-white">
      <table className="w-full min-w-[64rem] text-left text-sm">
        <thead className="border-b bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
          <tr>
            {HEADINGS.map((heading) => (
              <th key={heading} scope="col" className="px-3 py-2 font-semibold">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y">
          {payouts.map((p) => (
            <tr key={p.id} className="align-top">
              <th scope="row" className="px-3 py-3 font-medium">
                {p.provider.name}
              </th>
              <td className="px-3 py-3">
                <div>{p.booking.address}</div>
                <div className="text-xs text-slate-500">
                  {p.booking.city}, {p.booking.state}
                </div>
              </td>
              <td className="px-3 py-3">{p.hoursPaid.toFixed(2)}</td>
              <td className="px-3 py-3">
                {p.hourlyRate === null ? 'Share' : `${formatWireDollars(p.hourlyRate)}/hr`}
              </td>
              <td className="px-3 py-3">{formatWireDollars(p.waitPay)}</td>
              <td className="px-3 py-3 font-semibold">{formatWireDollars(p.total)}</td>
              <td className="px-3 py-3">
                <Badge tone={p.status === 'paid' ? 'success' : 'warning'}>
                  {p.status === 'paid' ? 'Paid' : 'Pending'}
                </Badge>
              </td>
              <td className="px-3 py-3">
                <LocationCell payout={p} />
              </td>
              <td className="px-3 py-3">
                {p.status === 'pending' && (
                  <MarkPaidButton payoutId={p.id} provider={p.provider.name} />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
