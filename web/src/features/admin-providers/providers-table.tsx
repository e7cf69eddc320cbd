import { Link, useNavigate } from '@tanstack/react-router';
import type { AdminProviderRow, AdminProviderSort } from '@twinclean/shared/admin-people';
import { formatWireDollars } from '@twinclean/shared/money';
import { Badge } from '@twinclean/shared/ui/badge';
import { AccountBadge } from '../../components/admin-list/account-state';
import {
  ClickableRow,
  rowLinkClass,
  type SortColumn,
} from '../../components/admin-list/sortable-table';
import { availabilitySummary, formatHours, formatRating, nextAvailable } from './format';

export const COLUMNS: SortColumn<AdminProviderSort>[] = [
  { sort: 'name', label: 'Provider' },
  { sort: 'rating', label: 'Rating', numeric: true },
  { sort: 'jobsDone', label: 'Jobs done', numeric: true },
  { sort: 'weekHours', label: 'Hours 7 d', numeric: true },
  { sort: 'weekEarnings', label: 'Earned 7 d', numeric: true },
  { sort: 'monthHours', label: 'Hours 30 d', numeric: true },
  { sort: 'monthEarnings', label: 'Earned 30 d', numeric: true },
];

/** One row, opening their page. */
export function Row({ row }: { row: AdminProviderRow }) {
  const navigate = useNavigate();
  const next = nextAvailable(row.availability.nextAvailableAt);
  return (
    <ClickableRow
      onOpen={() => void navigate({ to: '/admin/providers/$id', params: { id: row.id } })}
    >
      <th scope="row" className="px-3 py-3 text-left font-medium">
        <Link to="/admin/providers/$id" params={{ id: row.id }} className={rowLinkClass}>
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
    </ClickableRow>
  );
}
