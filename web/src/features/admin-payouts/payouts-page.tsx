import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select } from '@twinclean/shared/ui/select';
import { Download } from 'lucide-react';
import { Pager } from '../../components/pager';
import { LoadFailed, Loading } from '../../components/query-states';
import {
  type PayoutQuery,
  payoutsQueryOptions,
  providerChoicesQueryOptions,
  searchOf,
} from './api';
import { PayoutsTable } from './payouts-table';

const STATUSES = [
  { value: '', label: 'All statuses' },
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
  const providers = [
    { value: '', label: 'All providers' },
    ...(choices.data?.providers ?? []).map((p) => ({ value: p.id, label: p.name })),
  ];
  const filter = (next: Partial<PayoutQuery>) => onQuery({ ...query, ...next, page: undefined });
  return (
    <div className="mx-auto grid max-w-7xl grid-cols-[minmax(0,1fr)] gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight">Provider Payouts</h1>
        <a
          href={`/api/admin/exports/payouts.csv${searchOf({ status: query.status, providerId: query.providerId })}`}
          download
          className="inline-flex h-11 items-center gap-2 rounded-md border border-slate-300 bg-white px-4 font-medium text-slate-800 hover:bg-slate-50"
        >
          <Download className="size-4" aria-hidden />
          Download CSV
        </a>
      </div>
      <div className="flex flex-wrap gap-4">
        <Select
          label="Provider"
          options={providers}
          value={query.providerId ?? ''}
          onChange={(e) => filter({ providerId: e.target.value || undefined })}
        />
        <Select
          label="Status"
          options={STATUSES}
          value={query.status ?? ''}
          onChange={(e) =>
            filter({ status: (e.target.value || undefined) as PayoutQuery['status'] })
          }
        />
      </div>
      {payouts.data ? (
        <div aria-busy={payouts.isPlaceholderData} className="space-y-4">
          <PayoutsTable payouts={payouts.data.items} />
          <Pager
            page={payouts.data.page}
            pageSize={payouts.data.pageSize}
            total={payouts.data.total}
            onPage={(page) => onQuery({ ...query, page })}
          />
        </div>
      ) : payouts.isError ? (
        <LoadFailed
          message="The payouts could not be loaded."
          retrying={payouts.isFetching}
          onRetry={() => void payouts.refetch()}
        />
      ) : (
        <Loading label="Loading payouts..." />
      )}
    </div>
  );
}
