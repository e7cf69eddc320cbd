import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { AdminSeriesSearch } from '@twinclean/shared/admin-series';
import { formatDate } from '@twinclean/shared/schedule';
import { FREQUENCY_LABELS, seriesFrequencySchema } from '@twinclean/shared/series';
import { ClearFilters, FilterSelect } from '../../components/admin-list/filter-select';
import { ListFrame } from '../../components/admin-list/list-frame';
import { PlainTable } from '../../components/admin-list/plain-table';
import { adminSeriesListQueryOptions, seriesProviderChoicesQueryOptions } from './api';
import { rhythm, seriesState } from './format';

const FREQUENCIES = seriesFrequencySchema.options.map((f) => ({
  value: f,
  label: FREQUENCY_LABELS[f],
}));
const PAUSED = [
  { value: 'yes', label: 'Paused' },
  { value: 'no', label: 'Running' },
];
const HEADINGS = ['Client', 'How often', 'Day and time', 'Regular provider', 'Next visit', 'State'];

type Change = (next: AdminSeriesSearch, options?: { replace?: boolean }) => void;

/** /admin/series: every recurring cleaning, filtered by frequency, provider and pause; paged. */
export function SeriesListPage({
  search,
  onSearch,
}: {
  search: AdminSeriesSearch;
  onSearch: Change;
}) {
  const list = useQuery({
    ...adminSeriesListQueryOptions(search),
    placeholderData: keepPreviousData,
  });
  const choices = useQuery(seriesProviderChoicesQueryOptions());
  const filtered = Boolean(search.frequency || search.providerId || search.paused);
  const apply: Change = (next) => onSearch({ ...search, ...next, page: undefined });
  const providers = (choices.data?.providers ?? []).map((p) => ({ value: p.id, label: p.name }));
  return (
    <div className="mx-auto grid max-w-7xl gap-5">
      <h1 className="text-3xl font-bold tracking-tight">Series</h1>
      <search aria-label="Filter series" className="flex flex-wrap items-end gap-4">
        <FilterSelect
          label="How often"
          all="Any frequency"
          options={FREQUENCIES}
          value={search.frequency}
          onChange={(frequency) => apply({ frequency })}
        />
        <FilterSelect
          label="Regular provider"
          all={choices.isPending ? 'Loading providers…' : 'Any provider'}
          options={providers}
          value={search.providerId}
          onChange={(providerId) => apply({ providerId })}
        />
        <FilterSelect
          label="Paused"
          all="Paused or running"
          options={PAUSED}
          value={search.paused}
          onChange={(paused) => apply({ paused })}
        />
        <ClearFilters shown={filtered} onClear={() => onSearch({})} />
      </search>
      <ListFrame
        query={list}
        loading="Loading series..."
        failed="The series could not be loaded."
        empty={filtered ? 'No series match these filters.' : 'No recurring cleanings yet.'}
        onPage={(page) => onSearch({ ...search, page })}
      >
        {(items) => (
          <PlainTable headings={HEADINGS} className="min-w-[52rem]">
            {items.map((s) => (
              <tr key={s.id}>
                <td className="px-3 py-2">
                  <Link
                    to="/admin/series/$id"
                    params={{ id: s.id }}
                    className="font-medium text-brand-700 underline"
                  >
                    {s.client.name}
                  </Link>
                </td>
                <td className="px-3 py-2">{s.label}</td>
                <td className="px-3 py-2">{rhythm(s.weekday, s.scheduledTime)}</td>
                <td className="px-3 py-2">{s.regularProvider?.name ?? 'None yet'}</td>
                <td className="px-3 py-2">{s.nextVisitDate ? formatDate(s.nextVisitDate) : '—'}</td>
                <td className="px-3 py-2">{seriesState(s)}</td>
              </tr>
            ))}
          </PlainTable>
        )}
      </ListFrame>
    </div>
  );
}
