import { Link, useNavigate } from '@tanstack/react-router';
import type {
  AdminBookingRow,
  AdminBookingSort,
  SortDirection,
} from '@twinclean/shared/admin-bookings';
import { formatWireDollars } from '@twinclean/shared/money';
import { formatDate, formatSlot } from '@twinclean/shared/schedule';
import { serviceTitle } from '@twinclean/shared/services';
import { Badge } from '@twinclean/shared/ui/badge';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { MouseEvent } from 'react';
import { formatHours, statusTone, words } from './format';

/** Spec 2 "Admin bookings": the columns, each sortable on the server. */
const COLUMNS: { sort: AdminBookingSort; label: string; numeric?: boolean }[] = [
  { sort: 'client', label: 'Client' },
  { sort: 'address', label: 'Address' },
  { sort: 'scheduledDate', label: 'Date' },
  { sort: 'totalHours', label: 'Hours', numeric: true },
  { sort: 'provider', label: 'Provider' },
  { sort: 'status', label: 'Status' },
  { sort: 'totalAmount', label: 'Amount', numeric: true },
];

export type SortState = { sort: AdminBookingSort; dir: SortDirection };

function SortHeader(props: {
  column: (typeof COLUMNS)[number];
  sort: SortState;
  onSort: (next: SortState) => void;
}) {
  const { column, sort } = props;
  const active = sort.sort === column.sort;
  const Icon = !active ? ArrowUpDown : sort.dir === 'asc' ? ArrowUp : ArrowDown;
  // A new column starts going up; the sorted one turns around.
  const next: SortState = { sort: column.sort, dir: active && sort.dir === 'asc' ? 'desc' : 'asc' };
  return (
    <th
      scope="col"
      aria-sort={active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'}
      className={`px-3 py-2 font-semibold ${column.numeric ? 'text-right' : ''}`}
    >
      <button
        type="button"
        onClick={() => props.onSort(next)}
        className="inline-flex items-center gap-1 rounded uppercase tracking-wide hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        {column.label}
        <Icon className={`size-3.5 ${active ? 'text-slate-900' : 'text-slate-400'}`} aria-hidden />
      </button>
    </th>
  );
}

function Row({ row, showService }: { row: AdminBookingRow; showService: boolean }) {
  const navigate = useNavigate();
  // A click anywhere on the row opens it; the client's name is the link keyboards and screen
  // readers use (and a click on it is the link's own).
  const open = (event: MouseEvent) => {
    if ((event.target as HTMLElement).closest('a, button')) return;
    void navigate({ to: '/admin/bookings/$id', params: { id: row.id } });
  };
  return (
    <tr onClick={open} className="cursor-pointer align-top hover:bg-slate-50">
      <th scope="row" className="px-3 py-3 text-left font-medium">
        <Link
          to="/admin/bookings/$id"
          params={{ id: row.id }}
          className="rounded text-brand-800 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
        >
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
      </td>
      <td className="px-3 py-3 text-right font-semibold tabular-nums">
        {formatWireDollars(row.totalAmount)}
      </td>
    </tr>
  );
}

const SKELETON_ROWS = 8;

/** The table's frame with grey bars where rows will be, while the first page loads. */
function SkeletonRows() {
  return Array.from({ length: SKELETON_ROWS }, (_, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: placeholders with nothing else to key by
    <tr key={i} aria-hidden>
      {COLUMNS.map((column) => (
        <td key={column.sort} className="px-3 py-4">
          <div className="h-4 w-full max-w-32 animate-pulse rounded bg-slate-200" />
        </td>
      ))}
    </tr>
  ));
}

/**
 * The bookings table: sortable headers (buttons, with aria-sort), one row per booking opening
 * its page. Under 768 px it scrolls sideways inside its frame rather than squeezing the columns.
 */
export function BookingsTable(props: {
  rows: AdminBookingRow[] | undefined;
  sort: SortState;
  onSort: (next: SortState) => void;
  caption: string;
  busy: boolean;
  /** Name each row's service (a table of more than one). */
  showService: boolean;
}) {
  return (
    <div className="overflow-x-auto rounded-lg border bg-white" aria-busy={props.busy}>
      <table
        className={`w-full min-w-[60rem] text-left text-sm transition-opacity ${props.busy ? 'opacity-60' : ''}`}
      >
        <caption className="sr-only">{props.caption}</caption>
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
            props.rows.map((row) => <Row key={row.id} row={row} showService={props.showService} />)
          ) : (
            <SkeletonRows />
          )}
        </tbody>
      </table>
      {!props.rows && (
        <p role="status" className="sr-only">
          Loading bookings...
        </p>
      )}
    </div>
  );
}
