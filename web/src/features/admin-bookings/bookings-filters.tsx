import { useQuery } from '@tanstack/react-query';
import type { AdminBookingSearch } from '@twinclean/shared/admin-bookings';
import { bookingStatusSchema } from '@twinclean/shared/booking-status';
import type { ReactNode } from 'react';
import { ClearFilters, FilterSelect } from '../../components/admin-list/filter-select';
import { words } from '../../components/admin-list/format';
import { SearchBox } from '../../components/admin-list/search-box';
import { Field } from '../../components/ui/field';
import { providerChoicesQueryOptions } from './api';

/** The filters a user set (the page, size and sort are not filters). */
export const hasFilters = (search: AdminBookingSearch) =>
  Boolean(search.q || search.status || search.provider || search.from || search.to);

export const clearedFilters = (search: AdminBookingSearch): AdminBookingSearch => ({
  sort: search.sort,
  dir: search.dir,
  pageSize: search.pageSize,
});

export const STATUSES = bookingStatusSchema.options.map((status) => ({
  value: status,
  label: words(status),
}));

/** Search, status, provider and the scheduled-date range, each applied as it changes. */
export function BookingsFilters(props: {
  search: AdminBookingSearch;
  onSearch: (next: AdminBookingSearch, options?: { replace?: boolean }) => void;
  /** Beside the search box (the CSV link). */
  actions?: ReactNode;
}) {
  const { search, onSearch } = props;
  const choices = useQuery(providerChoicesQueryOptions());
  const providers = [
    { value: 'assigned', label: 'Assigned' },
    { value: 'unassigned', label: 'Unassigned' },
    ...(choices.data?.providers ?? []).map((p) => ({ value: p.id, label: p.name })),
  ];
  // A filter starts again from page 1.
  const apply = (next: AdminBookingSearch, options?: { replace?: boolean }) =>
    onSearch({ ...search, ...next, page: undefined }, options);
  return (
    <search aria-label="Filter bookings" className="grid gap-4">
      <div className="flex flex-wrap items-end gap-4">
        <div className="min-w-64 flex-1">
          <SearchBox
            label="Search"
            placeholder="Name, e-mail, address, city or ZIP"
            value={search.q}
            // Typing replaces the URL rather than stacking a history entry per pause.
            onSearch={(q) => apply({ q }, { replace: true })}
          />
        </div>
        {props.actions}
      </div>
      <div className="flex flex-wrap items-end gap-4">
        <FilterSelect
          label="Status"
          all="All statuses"
          options={STATUSES}
          value={search.status}
          onChange={(status) => apply({ status })}
        />
        <FilterSelect
          label="Provider"
          all="All providers"
          options={providers}
          value={search.provider}
          onChange={(provider) => apply({ provider })}
        />
        <Field
          label="From"
          type="date"
          value={search.from ?? ''}
          max={search.to}
          onChange={(e) => apply({ from: e.target.value || undefined })}
        />
        <Field
          label="To"
          type="date"
          value={search.to ?? ''}
          min={search.from}
          onChange={(e) => apply({ to: e.target.value || undefined })}
        />
        <ClearFilters shown={hasFilters(search)} onClear={() => onSearch(clearedFilters(search))} />
      </div>
    </search>
  );
}
