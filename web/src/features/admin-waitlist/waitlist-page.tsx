import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { serverMessage } from '@twinclean/shared/http';
import type { WaitlistQuery } from '@twinclean/shared/service-area';
import type { ServiceType } from '@twinclean/shared/services';
import { useState } from 'react';
import { CsvLink } from '../../components/admin-list/csv-link';
import { ClearFilters, FilterSelect } from '../../components/admin-list/filter-select';
import { EmptyList } from '../../components/admin-list/list-frame';
import { LoadFailed, Loading } from '../../components/query-states';
import { Field } from '../../components/ui/field';
import { waitlistCsvHref, waitlistQueryOptions } from './api';
import { SERVICE_CHOICES, zipFilterOf } from './format';
import { WaitlistEntriesTable, WaitlistGroupsTable } from './waitlist-tables';

/**
 * /admin/waitlist (issue 34): who waits where we do not serve yet, by ZIP and service, filtered
 * in the URL, with the CSV; a ZIP the owner has added can have its waitlist e-mailed.
 */
export function WaitlistPage({
  query,
  onQuery,
}: {
  query: WaitlistQuery;
  onQuery: (next: WaitlistQuery) => void;
}) {
  const summary = useQuery({ ...waitlistQueryOptions(query), placeholderData: keepPreviousData });
  const [zipText, setZipText] = useState(query.zip ?? '');
  const filtered = Boolean(query.zip || query.serviceType);
  const data = summary.data;
  return (
    <div className="mx-auto grid max-w-7xl grid-cols-[minmax(0,1fr)] gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Waitlist</h1>
          <p className="mt-1 text-slate-600">
            Visitors whose ZIP we did not serve, by ZIP and service. Once a ZIP is in the service
            area, e-mail its waitlist.
          </p>
        </div>
        <CsvLink href={waitlistCsvHref(query)} />
      </div>
      <search aria-label="Filter the waitlist" className="flex flex-wrap items-end gap-4">
        <Field
          label="ZIP code"
          inputMode="numeric"
          autoComplete="off"
          maxLength={5}
          hint="5 digits"
          value={zipText}
          onChange={(e) => {
            setZipText(e.target.value);
            const next = zipFilterOf(e.target.value);
            if (next && next.zip !== query.zip) onQuery({ ...query, ...next });
          }}
        />
        <FilterSelect<ServiceType>
          label="Service"
          all="All services"
          options={SERVICE_CHOICES}
          value={query.serviceType}
          onChange={(serviceType) => onQuery({ ...query, serviceType })}
        />
        <ClearFilters
          shown={filtered}
          onClear={() => {
            setZipText('');
            onQuery({ zip: undefined, serviceType: undefined });
          }}
        />
      </search>
      {data ? (
        <div aria-busy={summary.isPlaceholderData} className="grid gap-6">
          <section aria-labelledby="waitlist-zips" className="grid gap-3">
            <h2 id="waitlist-zips" className="text-lg font-semibold">
              By ZIP
            </h2>
            {data.groups.length === 0 ? (
              <EmptyList>
                {filtered
                  ? 'Nobody on the waitlist matches these filters'
                  : 'Nobody is on the waitlist yet'}
              </EmptyList>
            ) : (
              <WaitlistGroupsTable groups={data.groups} />
            )}
          </section>
          {data.entries.length > 0 && (
            <section aria-labelledby="waitlist-newest" className="grid gap-3">
              <h2 id="waitlist-newest" className="text-lg font-semibold">
                Newest sign-ups
              </h2>
              <WaitlistEntriesTable entries={data.entries} />
            </section>
          )}
        </div>
      ) : summary.isError ? (
        <LoadFailed
          message={serverMessage(summary.error, 'The waitlist could not be loaded.')}
          retrying={summary.isFetching}
          onRetry={() => void summary.refetch()}
        />
      ) : (
        <Loading label="Loading the waitlist..." />
      )}
    </div>
  );
}
