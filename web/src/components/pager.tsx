import { pageCount, rangeLabel } from '@twinclean/shared/admin-pages';
import { Button } from '@twinclean/shared/ui/button';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId } from 'react';

/**
 * "26–50 of 1,204", "Page 2 of 49" (or "of more than 1,000", "of more than 40" when the server
 * stopped counting) and Previous / Next, for a list the server pages; with
 * `sizes`, a choice of rows per page too. Without one it hides on a list of one page.
 */
export function Pager(props: {
  page: number;
  pageSize: number;
  total: number;
  /** The server stopped counting: more than `total` match. */
  totalAtLeast?: boolean | undefined;
  onPage: (page: number) => void;
  sizes?: { options: readonly number[]; onChange: (pageSize: number) => void };
}) {
  const { page, pageSize, total, totalAtLeast = false, sizes } = props;
  const sizeId = useId();
  const last = pageCount(total, pageSize);
  if (!sizes && total <= pageSize && page === 1) return null;
  return (
    <nav
      aria-label="Pagination"
      className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-700"
    >
      <p aria-live="polite" className="tabular-nums">
        {rangeLabel(page, pageSize, total, totalAtLeast)}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        {sizes && (
          <label htmlFor={sizeId} className="flex items-center gap-2">
            Rows per page
            <select
              id={sizeId}
              value={pageSize}
              onChange={(e) => sizes.onChange(Number(e.target.value))}
              className="h-9 rounded-md border border-slate-300 bg-white px-2"
            >
              {sizes.options.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </label>
        )}
        <span className="tabular-nums">
          Page {Math.min(page, last)} of {totalAtLeast ? `more than ${last}` : last}
        </span>
        <div className="flex gap-2">
          <Button
            variant="secondary"
            className="inline-flex h-9 items-center gap-1 px-3 text-sm"
            disabled={page <= 1}
            // A stale link past the end steps back to the last page, not one before it.
            onClick={() => props.onPage(Math.min(page - 1, last))}
          >
            <ChevronLeft className="size-4" aria-hidden />
            Previous
          </Button>
          <Button
            variant="secondary"
            className="inline-flex h-9 items-center gap-1 px-3 text-sm"
            disabled={page >= last && !totalAtLeast}
            onClick={() => props.onPage(page + 1)}
          >
            Next
            <ChevronRight className="size-4" aria-hidden />
          </Button>
        </div>
      </div>
    </nav>
  );
}
