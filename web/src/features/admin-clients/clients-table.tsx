import { Link, useNavigate } from '@tanstack/react-router';
import type { AdminClientRow, AdminClientSort } from '@twinclean/shared/admin-people';
import { formatWireDollars } from '@twinclean/shared/money';
import { formatDate } from '@twinclean/shared/schedule';
import { PLAN_NAMES } from '@twinclean/shared/subscriptions';
import { Badge } from '@twinclean/shared/ui/badge';
import { AccountBadge } from '../../components/admin-list/account-state';
import {
  ClickableRow,
  rowLinkClass,
  type SortColumn,
} from '../../components/admin-list/sortable-table';

export const COLUMNS: SortColumn<AdminClientSort>[] = [
  { sort: 'name', label: 'Client' },
  { sort: 'email', label: 'Contact' },
  { sort: 'bookings', label: 'Bookings', numeric: true },
  { sort: 'totalPaid', label: 'Total paid', numeric: true },
  { sort: 'lastBooking', label: 'Last booking' },
  { sort: 'createdAt', label: 'Joined' },
];

/** The plan and, when not plainly live, the membership's state. */
export function MembershipBadge({ membership }: { membership: AdminClientRow['membership'] }) {
  if (!membership) return <Badge>Pay Per Visit</Badge>;
  const live = membership.status === 'active' || membership.status === 'trialing';
  return (
    <Badge tone={live ? 'brand' : membership.status === 'canceled' ? 'neutral' : 'warning'}>
      {PLAN_NAMES[membership.plan]}
      {live ? '' : ` · ${membership.status.replaceAll('_', ' ')}`}
    </Badge>
  );
}

/** One row, opening their page. */
export function Row({ row }: { row: AdminClientRow }) {
  const navigate = useNavigate();
  return (
    <ClickableRow
      onOpen={() => void navigate({ to: '/admin/clients/$id', params: { id: row.id } })}
    >
      <th scope="row" className="px-3 py-3 text-left font-medium">
        <Link to="/admin/clients/$id" params={{ id: row.id }} className={rowLinkClass}>
          {row.firstName} {row.lastName}
        </Link>
        <div className="mt-1 flex flex-wrap gap-1">
          <MembershipBadge membership={row.membership} />
          <AccountBadge deactivatedAt={row.deactivatedAt} />
        </div>
      </th>
      <td className="px-3 py-3">
        <div className="break-all">{row.email}</div>
        {row.phone && <div className="text-xs text-slate-600">{row.phone}</div>}
      </td>
      <td className="px-3 py-3 text-right tabular-nums">{row.bookings}</td>
      <td className="px-3 py-3 text-right font-semibold tabular-nums">
        {formatWireDollars(row.totalPaid)}
      </td>
      <td className="whitespace-nowrap px-3 py-3">
        {row.lastBookingDate ? formatDate(row.lastBookingDate) : '—'}
      </td>
      <td className="whitespace-nowrap px-3 py-3">{formatDate(row.createdAt.slice(0, 10))}</td>
    </ClickableRow>
  );
}
