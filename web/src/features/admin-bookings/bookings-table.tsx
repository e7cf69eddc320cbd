import { Link, useNavigate } from '@tanstack/react-router';
import type { AdminBookingRow, AdminBookingSort } from '@twinclean/shared/admin-bookings';
import { formatWireDollars } from '@twinclean/shared/money';
import { formatDate, formatSlot } from '@twinclean/shared/schedule';
import { serviceTitle } from '@twinclean/shared/services';
import { Badge } from '@twinclean/shared/ui/badge';
import { statusTone, words } from '../../components/admin-list/format';
import {
  ClickableRow,
  rowLinkClass,
  type SortColumn,
} from '../../components/admin-list/sortable-table';
import { formatHours } from './format';

/** Spec 2 "Admin bookings": the columns, each sortable on the server. */
export const COLUMNS: SortColumn<AdminBookingSort>[] = [
  { sort: 'client', label: 'Client' },
  { sort: 'address', label: 'Address' },
  { sort: 'scheduledDate', label: 'Date' },
  { sort: 'totalHours', label: 'Hours', numeric: true },
  { sort: 'provider', label: 'Provider' },
  { sort: 'status', label: 'Status' },
  { sort: 'totalAmount', label: 'Amount', numeric: true },
];

/** One booking, opening its page. */
export function Row({ row, showService }: { row: AdminBookingRow; showService: boolean }) {
  const navigate = useNavigate();
  return (
    <ClickableRow
      onOpen={() => void navigate({ to: '/admin/bookings/$id', params: { id: row.id } })}
    >
      <th scope="row" className="px-3 py-3 text-left font-medium">
        <Link to="/admin/bookings/$id" params={{ id: row.id }} className={rowLinkClass}>
          {row.clientFirstName} {row.clientLastName}
        </Link>
        {showService && (
          <div className="text-xs font-normal text-slate-500">{serviceTitle(row.serviceType)}</div>
        )}
      </th>
      <td className="px-3 py-3">
        <div>{row.address}</div>
        <div className="mt-1 flex flex-wrap gap-1">
          <Badge>
            {row.city}, {row.state}
          </Badge>
          {row.selectedRooms.map((room) => (
            <Badge key={room}>{words(room)}</Badge>
          ))}
        </div>
      </td>
      <td className="whitespace-nowrap px-3 py-3">
        <div>{formatDate(row.scheduledDate)}</div>
        <div className="text-xs text-slate-500">{formatSlot(row.scheduledTime)}</div>
      </td>
      <td className="px-3 py-3 text-right tabular-nums">{formatHours(row.totalHours)}</td>
      <td className="px-3 py-3">
        <Badge tone={row.providerId ? 'brand' : 'neutral'}>
          {row.providerId ? 'Assigned' : 'Unassigned'}
        </Badge>
        {row.providerName && <div className="mt-1 text-xs text-slate-600">{row.providerName}</div>}
      </td>
      <td className="px-3 py-3">
        <Badge tone={statusTone(row.status)} className="whitespace-nowrap">
          {words(row.status)}
        </Badge>
        {/* DECISIONS.md "Final price consent": the payout and the deposit wait for it. */}
        {row.priceToConfirm && (
          <div className="mt-1">
            <Badge tone="warning" className="whitespace-nowrap">
              Price to confirm
            </Badge>
          </div>
        )}
      </td>
      <td className="px-3 py-3 text-right font-semibold tabular-nums">
        {formatWireDollars(row.totalAmount)}
      </td>
    </ClickableRow>
  );
}
