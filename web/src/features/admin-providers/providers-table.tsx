import { Link, useNavigate } from '@tanstack/react-router';
import type { AdminProviderRow, AdminProviderSort } from '@twinclean/shared/admin-people';
import { formatWireDollars } from '@twinclean/shared/money';
import { Badge } from '@twinclean/shared/ui/badge';
import type { MouseEvent } from 'react';
import { AccountBadge } from '../admin-clients/account-state-card';
import { SkeletonRows, SortHeader, type SortState } from '../admin-clients/sort-header';
import { availabilitySummary, formatHours, formatRating, nextAvailable } from './format';

const COLUMNS: { sort: AdminProviderSort; label: string; numeric?: boolean }[] = [
  { sort: 'name', label: 'Provider' },
  { sort: 'rating', label: 'Rating', numeric: true },
  { sort: 'jobsDone', label: 'Jobs done', numeric: true },
  { sort: 'weekHours', label: 'Hours 7 d', numeric: true },
  { sort: 'weekEarnings', label: 'Earned 7 d', numeric: true },
  { sort: 'monthHours', label: 'Hours 30 d', numeric: true },
  { sort: 'monthEarnings', label: 'Earned 30 d', numeric: true },
];

function Row({ row }: { row: AdminProviderRow }) {
  const navigate = useNavigate();
  // A click anywhere on the row opens it; the name is the link keyboards and screen readers use.
  const open = (event: MouseEvent) => {
    if ((event.target as HTMLElement).closest('a, button')) return;
    void navigate({ to: '/admin/providers/$id', params: { id: row.id } });
  };
  const next = nextAvailable(row.availability.nextAvailableAt);
  return (
    <tr onClick={open} className="cursor-pointer align-top hover:bg-slate-50">
      <th scope="row" className="px-3 py-3 text-left font-medium">
        <Link
          to="/admin/providers/$id"
          params={{ id: row.id }}
          className="rounded text-brand-800 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {row.firstName} {row.lastName}
        </Link>
        <div className="mt-1 flex flex-wrap gap-1">
          {row.vip && <Badge tone="warning">VIP</Badge>}
          <AccountBadge deactivatedAt={row.deactivatedAt} />
        </div>
        <div className="mt-1 text-xs font-normal text-slate-600">
          {availabilitySummary(row.availability)}
          {next && <div>{next}</div>}
        </div>
      </th>
      <td className="px-3 py-3 text-right tabular-nums">{formatRating(row.rating)}</td>
      <td className="px-3 py-3 text-right tabular-nums">{row.jobsDone}</td>
      <td className="px-3 py-3 text-right tabular-nums">{formatHours(row.week.hours)}</td>
      <td className="px-3 py-3 text-right tabular-nums">{formatWireDollars(row.week.earnings)}</td>
      <td className="px-3 py-3 text-right tabular-nums">{formatHours(row.month.hours)}</td>
      <td className="px-3 py-3 text-right font-semibold tabular-nums">
        {formatWireDollars(row.month.earnings)}
      </td>
    </tr>
  );
}

/** The providers table; under 768 px it scrolls sideways inside its frame. */
export function ProvidersTable(props: {
  rows: AdminProviderRow[] | undefined;
  sort: SortState<AdminProviderSort>;
  onSort: (next: SortState<AdminProviderSort>) => void;
  busy: boolean;
}) {
  return (
    <div className="overflow-x-auto rounded-lg border bg-white" aria-busy={props.busy}>
      <table
        className={`w-full min-w-[56rem] text-left text-sm transition-opacity ${props.busy ? 'opacity-60' : ''}`}
      >
        <caption className="sr-only">Providers</caption>
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
          Loading providers...
        </p>
      )}
    </div>
  );
}
