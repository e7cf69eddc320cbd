import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  type AdminBookingSearch,
  adminBookingListQuerySchema,
  DEFAULT_PAGE_SIZE,
  PAGE_SIZES,
} from '@twinclean/shared/admin-bookings';
import type { ServiceType } from '@twinclean/shared/services';
import { Button } from '@twinclean/shared/ui/button';
import { Download } from 'lucide-react';
import { Pager } from '../../components/pager';
import { LoadFailed } from '../../components/query-states';
import { adminBookingsQueryOptions, exportHref } from './api';
import { BookingsFilters, clearedFilters, hasFilters } from './bookings-filters';
import { BookingsTable } from './bookings-table';

const DEFAULTS = adminBookingListQuerySchema.parse({});

export type SearchChange = (next: AdminBookingSearch, options?: { replace?: boolean }) => void;

/** Spec 2 "Admin bookings": the empty table, and our word for a filter that matches nothing. */
function Empty(props: { filtered: boolean; onClear: () => void }) {
  return (
    <div className="rounded-lg border bg-white p-8 text-center text-slate-600">
      {props.filtered ? (
        <>
          <p>No bookings match these filters</p>
          <Button variant="secondary" className="mt-4" onClick={props.onClear}>
            Clear filters
          </Button>
        </>
      ) : (
        <p>No bookings yet</p>
      )}
    </div>
  );
}

/**
 * The server-paged bookings table of some services: filters, sortable columns, pager and a CSV
 * of the same filters. Its state is `search` (the page's URL, so back, forward and reload keep
 * it); every change goes out through `onSearch`.
 */
export function AdminBookingsView(props: {
  services: readonly ServiceType[];
  search: AdminBookingSearch;
  onSearch: SearchChange;
  caption: string;
}) {
  const { services, search, onSearch } = props;
  // The last page stays on screen (dimmed) while the next loads: paging never blanks the table.
  const bookings = useQuery({
    ...adminBookingsQueryOptions(search, services),
    placeholderData: keepPreviousData,
  });
  const sort = { sort: search.sort ?? DEFAULTS.sort, dir: search.dir ?? DEFAULTS.dir };
  const pageSize = search.pageSize ?? DEFAULT_PAGE_SIZE;
  const clear = () => onSearch(clearedFilters(search));
  const page = bookings.data;

  return (
    <div className="grid gap-4">
      <BookingsFilters
        search={search}
        onSearch={onSearch}
        actions={
          <a
            href={exportHref(search, services)}
            download
            className="inline-flex h-11 items-center gap-2 rounded-md border border-slate-300 bg-white px-4 font-medium text-slate-800 hover:bg-slate-50"
          >
            <Download className="size-4" aria-hidden />
            Export CSV
          </a>
        }
      />
      {bookings.isError && !page ? (
        <LoadFailed
          message="The bookings could not be loaded."
          retrying={bookings.isFetching}
          onRetry={() => void bookings.refetch()}
        />
      ) : page && page.total === 0 ? (
        <Empty filtered={hasFilters(search)} onClear={clear} />
      ) : (
        <>
          <BookingsTable
            rows={page?.items}
            sort={sort}
            onSort={(next) => onSearch({ ...search, ...next, page: undefined })}
            caption={props.caption}
            busy={bookings.isPlaceholderData}
            showService={services.length !== 1}
          />
          {page && (
            <Pager
              page={page.page}
              pageSize={pageSize}
              total={page.total}
              onPage={(next) => onSearch({ ...search, page: next === 1 ? undefined : next })}
              sizes={{
                options: PAGE_SIZES,
                onChange: (next) =>
                  onSearch({
                    ...search,
                    pageSize: next === DEFAULT_PAGE_SIZE ? undefined : next,
                    page: undefined,
                  }),
              }}
            />
          )}
          {bookings.isError && (
            <p role="alert" className="text-sm text-red-700">
              The bookings could not be refreshed.{' '}
              <button type="button" className="underline" onClick={() => void bookings.refetch()}>
                Try again
              </button>
            </p>
          )}
        </>
      )}
    </div>
  );
}
