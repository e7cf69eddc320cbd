import type { PaymentRecordFilters } from '@twinclean/shared/admin-payments';
import { Button } from '@twinclean/shared/ui/button';
import { type FormEvent, useEffect, useState } from 'react';
import { FilterSelect } from '../../components/admin-list/filter-select';
import { Field } from '../../components/ui/field';
import { PAYMENT_KIND_LABELS } from '../../lib/format';
import { STATUS } from './labels';

const KINDS = Object.entries(PAYMENT_KIND_LABELS).map(([value, label]) => ({ value, label }));
const STATUSES = Object.entries(STATUS).map(([value, { label }]) => ({ value, label }));

/** Kind and status apply at once; the search and the dates when the form is sent. */
export function RecordsFilters({
  filters,
  onFilters,
}: {
  filters: PaymentRecordFilters;
  onFilters: (next: PaymentRecordFilters) => void;
}) {
  const [search, setSearch] = useState(filters.search ?? '');
  const [from, setFrom] = useState(filters.from ?? '');
  const [to, setTo] = useState(filters.to ?? '');
  // Back and forward change the URL under the form: show what it now says.
  useEffect(() => {
    setSearch(filters.search ?? '');
    setFrom(filters.from ?? '');
    setTo(filters.to ?? '');
  }, [filters.search, filters.from, filters.to]);

  const apply = (next: Partial<PaymentRecordFilters>) =>
    onFilters({ ...filters, ...next, page: undefined });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply({ search: search.trim() || undefined, from: from || undefined, to: to || undefined });
  };
  return (
    <form onSubmit={submit} aria-label="Filter payments" className="flex flex-wrap items-end gap-4">
      <FilterSelect
        label="Kind"
        all="All kinds"
        options={KINDS}
        value={filters.kind}
        onChange={(kind) => apply({ kind })}
      />
      <FilterSelect
        label="Status"
        all="All statuses"
        options={STATUSES}
        value={filters.status}
        onChange={(status) => apply({ status })}
      />
      <div className="min-w-64 flex-1">
        <Field
          label="Search"
          type="search"
          placeholder="Client name, e-mail or gateway id"
          maxLength={100}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      <Field label="From" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
      <Field label="To" type="date" value={to} onChange={(e) => setTo(e.target.value)} />
      <Button type="submit" variant="secondary">
        Apply
      </Button>
    </form>
  );
}
