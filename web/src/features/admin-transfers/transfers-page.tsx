import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { serverMessage } from '@twinclean/shared/http';
import { Button } from '@twinclean/shared/ui/button';
import { CsvLink } from '../../components/admin-list/csv-link';
import { FilterSelect } from '../../components/admin-list/filter-select';
import { ListFrame } from '../../components/admin-list/list-frame';
import { Field } from '../../components/ui/field';
import {
  providerChoicesQueryOptions,
  type TransferQuery,
  transfersCsvHref,
  transfersQueryOptions,
} from './api';
import { mondayOf, STATUS_CHOICES, weekOf } from './format';
import { TransfersTable } from './transfers-table';

/**
 * /admin/transfers: the weekly transfers to providers' payout accounts (DECISIONS.md "Payouts"),
 * filtered in the URL, a page at a time, with the accountant's CSV of what the filters match.
 */
export function TransfersPage({
  query,
  onQuery,
}: {
  query: TransferQuery;
  onQuery: (next: TransferQuery) => void;
}) {
  // The last page stays on screen while the next loads: filters never blank the table.
  const transfers = useQuery({
    ...transfersQueryOptions(query),
    placeholderData: keepPreviousData,
  });
  const choices = useQuery(providerChoicesQueryOptions());
  const providers = (choices.data?.providers ?? []).map((p) => ({ value: p.id, label: p.name }));
  const filter = (next: Partial<TransferQuery>) => onQuery({ ...query, ...next, page: undefined });
  const filtered = Boolean(query.status || query.providerId || query.weekStart);
  return (
    <div className="mx-auto grid max-w-7xl grid-cols-[minmax(0,1fr)] gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Transfers</h1>
          <p className="mt-1 text-slate-600">
            Each provider's weekly transfer to their payout account, of the week before's approved
            pay and tips.
          </p>
        </div>
        <CsvLink href={transfersCsvHref(query)} />
      </div>
      <search aria-label="Filter transfers" className="flex flex-wrap items-end gap-4">
        <FilterSelect
          label="Status"
          all="All statuses"
          options={STATUS_CHOICES}
          value={query.status}
          onChange={(status) => filter({ status })}
        />
        <FilterSelect
          label="Provider"
          all="All providers"
          options={providers}
          value={query.providerId}
          onChange={(providerId) => filter({ providerId })}
        />
        <Field
          label="Week"
          type="date"
          // Any day picks its week: the list knows weeks by their Monday.
          hint={query.weekStart ? weekOf(query.weekStart) : 'Any day of the week'}
          value={query.weekStart ?? ''}
          onChange={(e) =>
            filter({ weekStart: e.target.value ? mondayOf(e.target.value) : undefined })
          }
        />
        {filtered && (
          <Button
            variant="secondary"
            onClick={() =>
              onQuery({
                ...query,
                status: undefined,
                providerId: undefined,
                weekStart: undefined,
                page: undefined,
              })
            }
          >
            Clear filters
          </Button>
        )}
      </search>
      <ListFrame
        query={transfers}
        loading="Loading transfers..."
        failed={serverMessage(transfers.error, 'The transfers could not be loaded.')}
        empty={filtered ? 'No transfers match these filters' : 'No transfers yet'}
        onPage={(page) => onQuery({ ...query, page })}
      >
        {(items) => <TransfersTable transfers={items} />}
      </ListFrame>
    </div>
  );
}
