import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  type AdminBookingSearch,
  adminBookingListQuerySchema,
  DEFAULT_PAGE_SIZE,
  PAGE_SIZES,
} from '@twinclean/shared/admin-bookings';
import type { ServiceType } from '@twinclean/shared/services';
import { CsvLink } from '../../components/admin-list/csv-link';
import { PagedList } from '../../components/admin-list/list-frame';
import { SortableTable } from '../../components/admin-list/sortable-table';
import { adminBookingsQueryOptions, exportHref } from './api';
import { BookingsFilters, clearedFilters, hasFilters } from './bookings-filters';
import { COLUMNS, Row } from './bookings-table';

const DEFAULTS = adminBookingListQuerySchema.parse({});

export type SearchChange = (next: AdminBookingSearch, options?: { replace?: boolean }) => void;

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
  return (
    <div className="grid gap-4">
      <BookingsFilters
        search={search}
        onSearch={onSearch}
        actions={<CsvLink href={exportHref(search, services)} label="Export CSV" />}
      />
      <PagedList
        what="bookings"
        search={search}
        onSearch={onSearch}
        filtered={hasFilters(search)}
        onClear={() => onSearch(clearedFilters(search))}
        sizes={PAGE_SIZES}
        defaultSize={DEFAULT_PAGE_SIZE}
        query={bookings}
        table={
          <SortableTable
            caption={props.caption}
            columns={COLUMNS}
            sort={sort}
            onSort={(next) => onSearch({ ...search, ...next, page: undefined })}
            busy={bookings.isPlaceholderData}
            className="min-w-[60rem]"
            loading="Loading bookings..."
            rows={bookings.data?.items}
            // A table of more than one service names each row's.
            row={(row) => <Row key={row.id} row={row} showService={services.length !== 1} />}
          />
        }
      />
    </div>
  );
}
