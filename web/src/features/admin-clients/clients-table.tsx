import { Link, useNavigate } from '@tanstack/react-router';
import type { AdminClientRow, AdminClientSort } from '@twinclean/shared/admin-people';
import { formatWireDollars } from '@twinclean/shared/money';
import { formatDate } from '@twinclean/shared/schedule';
import { PLAN_NAMES } from '@twinclean/shared/subscriptions';
import { Badge } from '@twinclean/shared/ui/badge';
import type { MouseEvent } from 'react';
import { AccountBadge } from './account-state-card';
import { SkeletonRows, SortHeader, type SortState } from './sort-header';

const COLUMNS: { sort: AdminClientSort; label: string; numeric?: boolean }[] = [
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

function Row({ row }: { row: AdminClientRow }) {
  const navigate = useNavigate();
  // A click anywhere on the row opens it; the name is the link keyboards and screen readers use.
  const open = (event: MouseEvent) => {
    if ((event.target as HTMLElement).closest('a, button')) return;
    void navigate({ to: '/admin/clients/$id', params: { id: row.id } });
  };
  return (
    <tr onClick={open} className="cursor-pointer align-top hover:bg-slate-50">
      <th scope="row" className="px-3 py-3 text-left font-medium">
        <Link
          to="/admin/clients/$id"
          params={{ id: row.id }}
          className="rounded text-brand-800 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
        >
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
    </tr>
  );
}

/** The clients table; under 768 px it scrolls sideways inside its frame. */
export function ClientsTable(props: {
  rows: AdminClientRow[] | undefined;
  sort: SortState<AdminClientSort>;
  onSort: (next: SortState<AdminClientSort>) => void;
  busy: boolean;
}) {
  return (
    <div className="overflow-x-auto rounded-lg border bg-white" aria-busy={props.busy}>
      <table
        className={`w-full min-w-[52rem] text-left text-sm transition-opacity ${props.busy ? 'opacity-60' : ''}`}
      >
        <caption className="sr-only">Clients</caption>
        <thead className="border-b bg-slate-50 text-xs text-slate-600">
          <tr>
            {COLUMNS.map((column) => (
              <SortHeader
                key={column.sort}
                column={column}
                sort={props.sort}
                onSort={props.onSort}
              />
            ))}
          </tr>
        </thead>
        <tbody className="divide-y">
          {props.rows ? (
            props.rows.map((row) => <Row key={row.id} row={row} />)
          ) : (
            <SkeletonRows columns={COLUMNS.length} />
          )}
        </tbody>
      </table>
      {!props.rows && (
        <p role="status" className="sr-only">
          Loading clients...
        </p>
      )}
    </div>
  );
}
