import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CsvLink } from '../../components/admin-list/csv-link';
import { FilterSelect } from '../../components/admin-list/filter-select';
import { ListFrame } from '../../components/admin-list/list-frame';
import {
  type PayoutQuery,
  payoutsQueryOptions,
  providerChoicesQueryOptions,
  searchOf,
} from './api';
import { PayoutsTable } from './payouts-table';

const STATUSES = [
  { value: 'pending', label: 'Pending' },
  { value: 'paid', label: 'Paid' },
];

/** /admin/payouts: filters in the URL, the table a page at a time, and the accountant's CSV. */
export function PayoutsPage({
  query,
  onQuery,
}: {
  query: PayoutQuery;
  onQuery: (next: PayoutQuery) => void;
}) {
  // The last page stays on screen while the next loads: filters never blank the table.
  const payouts = useQuery({ ...payoutsQueryOptions(query), placeholderData: keepPreviousData });
  const choices = useQuery(providerChoicesQueryOptions());
  const providers = (choices.data?.providers ?? []).map((p) => ({ value: p.id, label: p.name }));
  const filter = (next: Partial<PayoutQuery>) => onQuery({ ...query, ...next, page: undefined });
  return (
    <div className="mx-auto grid max-w-7xl grid-cols-[minmax(0,1fr)] gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight">Provider Payouts</h1>
        <CsvLink
          href={`/api/admin/exports/payouts.csv${searchOf({ status: query.status, providerId: query.providerId })}`}
        />
      </div>
      <div className="flex flex-wrap gap-4">
        <FilterSelect
          label="Provider"
          all="All providers"
          options={providers}
          value={query.providerId}
          onChange={(providerId) => filter({ providerId })}
        />
        <FilterSelect
          label="Status"
          all="All statuses"
          options={STATUSES}
          value={query.status}
          onChange={(status) => filter({ status })}
        />
      </div>
      <ListFrame
        query={payouts}
        loading="Loading payouts..."
        failed="The payouts could not be loaded."
        empty="No payouts yet"
        onPage={(page) => onQuery({ ...query, page })}
      >
        {(items) => <PayoutsTable payouts={items} />}
      </ListFrame>
    </div>
  );
}
