import { Link } from '@tanstack/react-router';
import { formatWireDollars } from '@twinclean/shared/money';
import { type AdminTransfer, TRANSFER_STATUS_LABELS } from '@twinclean/shared/payout-transfers';
import { formatDate } from '@twinclean/shared/schedule';
import { Badge } from '@twinclean/shared/ui/badge';
import { PlainTable } from '../../components/admin-list/plain-table';
import { rowLinkClass } from '../../components/admin-list/sortable-table';
import {
  dateOrDash,
  dollarsOrDash,
  instantOrDash,
  nextTry,
  providerName,
  TRANSFER_STATUS_TONES,
  weekOf,
} from './format';

const HEADINGS = [
  'Week of',
  'Provider',
  'Amount',
  'Tips',
  'Status',
  'Attempts',
  'Reason',
  'Sent',
  'Arrives',
  'Refunded after',
];

/** One page of weekly transfers; the week opens the transfer with its lines and actions. */
export function TransfersTable({ transfers }: { transfers: AdminTransfer[] }) {
  return (
    <PlainTable headings={HEADINGS} className="min-w-[72rem]">
      {transfers.map((t) => (
        <tr key={t.id} className="align-top">
          <th scope="row" className="whitespace-nowrap px-3 py-3 font-medium">
            <Link
              to="/admin/transfers/$id"
              params={{ id: t.id }}
              className={`${rowLinkClass} font-semibold`}
              aria-label={`${weekOf(t.weekStart)}: ${providerName(t)}'s transfer`}
            >
              {formatDate(t.weekStart)}
            </Link>
          </th>
          <td className="px-3 py-3">{providerName(t)}</td>
          <td className="whitespace-nowrap px-3 py-3 font-semibold">
            {formatWireDollars(t.amount)}
          </td>
          <td className="whitespace-nowrap px-3 py-3">{formatWireDollars(t.tips)}</td>
          <td className="px-3 py-3">
            <Badge tone={TRANSFER_STATUS_TONES[t.status]} className="whitespace-nowrap">
              {TRANSFER_STATUS_LABELS[t.status]}
            </Badge>
          </td>
          <td className="px-3 py-3">{t.attempts}</td>
          <td className="min-w-56 px-3 py-3 text-xs">
            {t.failureMessage ? (
              <>
                <div className="text-red-700">{t.failureMessage}</div>
                <div className="mt-1 text-slate-500">{nextTry(t)}</div>
              </>
            ) : (
              <span className="text-slate-500">—</span>
            )}
          </td>
          <td className="whitespace-nowrap px-3 py-3">{instantOrDash(t.sentAt)}</td>
          <td className="whitespace-nowrap px-3 py-3">{dateOrDash(t.arrivalDate)}</td>
          <td
            className={`whitespace-nowrap px-3 py-3 ${t.refundedAfter === '0.00' ? '' : 'font-semibold text-amber-800'}`}
          >
            {dollarsOrDash(t.refundedAfter)}
          </td>
        </tr>
      ))}
    </PlainTable>
  );
}
