import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import type { AdminBookingRow, AdminBookingSearch } from '@twinclean/shared/admin-bookings';
import { formatWireDollars } from '@twinclean/shared/money';
import { formatDate } from '@twinclean/shared/schedule';
import { type ServiceType, serviceTitle, serviceTypeSchema } from '@twinclean/shared/services';
import { Badge } from '@twinclean/shared/ui/badge';
import { Button } from '@twinclean/shared/ui/button';
import { SlidersHorizontal } from 'lucide-react';
import { type MouseEvent, useId, useState } from 'react';
import { FilterSelect } from '../../components/admin-list/filter-select';
import { statusTone, words } from '../../components/admin-list/format';
import { SearchBox } from '../../components/admin-list/search-box';
import { LoadFailed } from '../../components/query-states';
import { adminBookingsQueryOptions } from './api';
import { STATUSES } from './bookings-filters';

/** Spec 2 §9: the dashboard shows the 10 newest bookings. */
const RECENT = 10;
const HEADINGS = ['Client', 'Address', 'Date', 'Provider', 'Status', 'Amount'];

const SERVICES = serviceTypeSchema.options.map((service) => ({
  value: service,
  label: serviceTitle(service),
}));

function RecentRow({ row }: { row: AdminBookingRow }) {
  const navigate = useNavigate();
  const open = (event: MouseEvent) => {
    if ((event.target as HTMLElement).closest('a, button')) return;
    void navigate({ to: '/admin/bookings/$id', params: { id: row.id } });
  };
  const client = `${row.clientFirstName} ${row.clientLastName}`;
  return (
    <tr onClick={open} className="cursor-pointer hover:bg-slate-50">
      <th scope="row" className="px-3 py-3 text-left font-medium">
        {client}
      </th>
      <td className="px-3 py-3">
        {row.address}, {row.city}, {row.state}
      </td>
      <td className="whitespace-nowrap px-3 py-3">{formatDate(row.scheduledDate)}</td>
      <td className="px-3 py-3">
        <Badge tone={row.providerId ? 'brand' : 'neutral'}>
          {row.providerId ? 'Assigned' : 'Pending'}
        </Badge>
      </td>
      <td className="px-3 py-3">
        <Badge tone={statusTone(row.status)} className="whitespace-nowrap">
          {words(row.status)}
        </Badge>
      </td>
      <td className="px-3 py-3 text-right font-semibold tabular-nums">
        {formatWireDollars(row.totalAmount)}
      </td>
      <td className="px-3 py-3 text-right">
        <Link
          to="/admin/bookings/$id"
          params={{ id: row.id }}
          className="inline-flex h-9 items-center rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 hover:bg-slate-50"
        >
          View<span className="sr-only"> booking of {client}</span>
        </Link>
      </td>
    </tr>
  );
}

/**
 * The dashboard's Recent Bookings card (spec 2 "Admin dashboard"): the 10 newest bookings. Its
 * search and Filters work (the spec's are inert): the search asks the server, Filters narrows
 * by status and service.
 */
export function RecentBookings() {
  const [search, setSearch] = useState<AdminBookingSearch>({});
  const [service, setService] = useState<ServiceType | undefined>();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const headingId = useId();
  const panelId = useId();
  const query = { ...search, sort: 'createdAt', dir: 'desc', pageSize: RECENT } as const;
  const bookings = useQuery({
    ...adminBookingsQueryOptions(query, service ? [service] : []),
    placeholderData: keepPreviousData,
  });
  const filtered = Boolean(search.q || search.status || service);
  const rows = bookings.data?.items;

  return (
    <section aria-labelledby={headingId} className="grid gap-4 rounded-lg border bg-white p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-xl font-semibold">
          Recent Bookings
        </h2>
        <div className="flex flex-wrap items-center gap-3">
          <div className="w-64">
            <SearchBox
              label="Search bookings"
              hideLabel
              placeholder="Search bookings..."
              value={search.q}
              onSearch={(q) => setSearch((now) => ({ ...now, q }))}
            />
          </div>
          <Button
            variant="secondary"
            className="inline-flex items-center gap-2"
            aria-expanded={filtersOpen}
            aria-controls={panelId}
            onClick={() => setFiltersOpen((open) => !open)}
          >
            <SlidersHorizontal className="size-4" aria-hidden />
            Filters
          </Button>
        </div>
      </div>
      <div id={panelId} hidden={!filtersOpen} className="flex flex-wrap items-end gap-4">
        <FilterSelect
          label="Status"
          all="All statuses"
          options={STATUSES}
          value={search.status}
          onChange={(status) => setSearch((now) => ({ ...now, status }))}
        />
        <FilterSelect
          label="Service"
          all="All services"
          options={SERVICES}
          value={service}
          onChange={setService}
        />
        {filtered && (
          <Button
            variant="secondary"
            onClick={() => {
              setSearch({});
              setService(undefined);
            }}
          >
            Clear filters
          </Button>
        )}
      </div>
      {bookings.isError && !rows ? (
        <LoadFailed
          message="The recent bookings could not be loaded."
          retrying={bookings.isFetching}
          onRetry={() => void bookings.refetch()}
        />
      ) : rows && rows.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-center text-slate-600">
          {filtered ? 'No bookings match these filters' : 'No bookings yet'}
        </p>
      ) : (
        <div className="overflow-x-auto" aria-busy={!rows || bookings.isPlaceholderData}>
          <table className="w-full min-w-[48rem] text-left text-sm">
            <thead className="border-b text-xs uppercase tracking-wide text-slate-600">
              <tr>
                {HEADINGS.map((heading) => (
                  <th
                    key={heading}
                    scope="col"
                    className={`px-3 py-2 font-semibold ${heading === 'Amount' ? 'text-right' : ''}`}
                  >
                    {heading}
                  </th>
                ))}
                <th scope="col" className="px-3 py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y">
              {rows ? (
                rows.map((row) => <RecentRow key={row.id} row={row} />)
              ) : (
                <tr>
                  <td colSpan={HEADINGS.length + 1} className="px-3 py-6 text-center">
                    <span role="status" className="text-slate-600">
                      Loading bookings...
                    </span>
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
