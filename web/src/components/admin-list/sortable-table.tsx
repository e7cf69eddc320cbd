import type { SortDirection } from '@twinclean/shared/admin-bookings';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { MouseEvent, ReactNode } from 'react';

export type SortState<S extends string> = { sort: S; dir: SortDirection };
export type SortColumn<S extends string> = { sort: S; label: string; numeric?: boolean };

/**
 * A column header that sorts the server's list: a button, with aria-sort on the header. A new
 * column starts going up; the sorted one turns around.
 */
export function SortHeader<S extends string>(props: {
  column: SortColumn<S>;
  sort: SortState<S>;
  onSort: (next: SortState<S>) => void;
}) {
  const { column, sort } = props;
  const active = sort.sort === column.sort;
  const Icon = !active ? ArrowUpDown : sort.dir === 'asc' ? ArrowUp : ArrowDown;
  const next = { sort: column.sort, dir: active && sort.dir === 'asc' ? 'desc' : 'asc' } as const;
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

/** Grey bars where rows will be, while the first page loads. */
export function SkeletonRows({ columns }: { columns: number }) {
  return Array.from({ length: 8 }, (_, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: placeholders with nothing else to key by
    <tr key={i} aria-hidden>
      {Array.from({ length: columns }, (_, j) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders with nothing else to key by
        <td key={j} className="px-3 py-4">
          <div className="h-4 w-full max-w-32 animate-pulse rounded bg-slate-200" />
        </td>
      ))}
    </tr>
  ));
}

/** The class of the link naming a row: what keyboards and screen readers open it by. */
export const rowLinkClass =
  'rounded text-brand-800 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600';

/**
 * A row a click anywhere opens, bar its own links and buttons (a click on the row's link is the
 * link's own).
 */
export function ClickableRow({ onOpen, children }: { onOpen: () => void; children: ReactNode }) {
  const open = (event: MouseEvent) => {
    if ((event.target as HTMLElement).closest('a, button')) return;
    onOpen();
  };
  return (
    <tr onClick={open} className="cursor-pointer align-top hover:bg-slate-50">
      {children}
    </tr>
  );
}

/**
 * A table the server sorts: a header button per column, the rows (or skeleton rows and a spoken
 * "Loading…" until the first page comes), dimmed while the next page loads. Under 768 px it
 * scrolls sideways inside its frame rather than squeezing the columns; `className` sets the
 * width it keeps (a literal Tailwind class such as `min-w-[52rem]`).
 */
export function SortableTable<S extends string, R>(props: {
  caption: string;
  columns: readonly SortColumn<S>[];
  sort: SortState<S>;
  onSort: (next: SortState<S>) => void;
  busy: boolean;
  className: string;
  /** What a screen reader hears while the first page loads: "Loading clients...". */
  loading: string;
  rows: readonly R[] | undefined;
  row: (row: R) => ReactNode;
}) {
  return (
    <div className="overflow-x-auto rounded-lg border bg-white" aria-busy={props.busy}>
      <table
        className={`w-full text-left text-sm transition-opacity ${props.className} ${props.busy ? 'opacity-60' : ''}`}
      >
        <caption className="sr-only">{props.caption}</caption>
        <thead className="border-b bg-slate-50 text-xs text-slate-600">
          <tr>
            {props.columns.map((column) => (
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
          {props.rows ? props.rows.map(props.row) : <SkeletonRows columns={props.columns.length} />}
        </tbody>
      </table>
      {!props.rows && (
        <p role="status" className="sr-only">
          {props.loading}
        </p>
      )}
    </div>
  );
}
