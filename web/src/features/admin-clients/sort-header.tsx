import type { SortDirection } from '@twinclean/shared/admin-bookings';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';

export type SortState<S extends string> = { sort: S; dir: SortDirection };

/**
 * A column header that sorts the server's list: a button, with aria-sort on the header. A new
 * column starts going up; the sorted one turns around.
 */
export function SortHeader<S extends string>(props: {
  column: { sort: S; label: string; numeric?: boolean };
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
