import { useQuery } from '@tanstack/react-query';
import type { AdminBookingSearch } from '@twinclean/shared/admin-bookings';
import { bookingStatusSchema } from '@twinclean/shared/booking-status';
import { Button } from '@twinclean/shared/ui/button';
import { Select } from '@twinclean/shared/ui/select';
import { Search } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Field } from '../../components/ui/field';
import { providerChoicesQueryOptions } from './api';
import { words } from './format';

/** How long typing rests before the search is sent. */
export const SEARCH_DEBOUNCE_MS = 300;

/** The filters a user set (the page, size and sort are not filters). */
export const hasFilters = (search: AdminBookingSearch) =>
  Boolean(search.q || search.status || search.provider || search.from || search.to);

export const clearedFilters = (search: AdminBookingSearch): AdminBookingSearch => ({
  sort: search.sort,
  dir: search.dir,
  pageSize: search.pageSize,
});

const STATUSES = [
  { value: '', label: 'All statuses' },
  ...bookingStatusSchema.options.map((status) => ({ value: status, label: words(status) })),
];

/**
 * A search box that sends what was typed once typing rests, and shows what the URL says when
 * back or forward changes it.
 */
export function SearchBox(props: {
  value: string | undefined;
  onSearch: (q: string | undefined) => void;
  label: string;
  placeholder: string;
  /** Named for screen readers only (the box stands where its placeholder says what it is). */
  hideLabel?: boolean;
}) {
  const { value, onSearch } = props;
  const [text, setText] = useState(value ?? '');
  const id = useId();
  // What was last sent (or last read from the URL): the URL catching up with it must not undo
  // what was typed meanwhile; only a different value (back, forward, Clear) replaces the text.
  const sent = useRef(value);
  const send = useRef(onSearch);
  send.current = onSearch;
  useEffect(() => {
    if (value === sent.current) return;
    sent.current = value;
    setText(value ?? '');
  }, [value]);
  useEffect(() => {
    const q = text.trim() || undefined;
    if (q === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = q;
      send.current(q);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return (
    <div className="grid gap-1.5">
      <label
        htmlFor={id}
        className={props.hideLabel ? 'sr-only' : 'text-sm font-medium text-slate-800'}
      >
        {props.label}
      </label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute left-3 top-3.5 size-4 text-slate-500"
          aria-hidden
        />
        <input
          id={id}
          type="search"
          value={text}
          maxLength={100}
          placeholder={props.placeholder}
          onChange={(event) => setText(event.target.value)}
          className="h-11 w-full rounded-md border border-slate-300 pl-9 pr-3 text-base outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-100"
        />
      </div>
    </div>
  );
}

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
    { value: '', label: 'All providers' },
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
        <Select
          label="Status"
          options={STATUSES}
          value={search.status ?? ''}
          onChange={(e) =>
            apply({ status: (e.target.value || undefined) as AdminBookingSearch['status'] })
          }
        />
        <Select
          label="Provider"
          options={providers}
          value={search.provider ?? ''}
          onChange={(e) => apply({ provider: e.target.value || undefined })}
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
        {hasFilters(search) && (
          <Button variant="secondary" onClick={() => onSearch(clearedFilters(search))}>
            Clear filters
          </Button>
        )}
      </div>
    </search>
  );
}
