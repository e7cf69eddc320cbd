import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  APPLICATION_STATUS_LABELS,
  type ApplicationFilters,
  type ApplicationStatus,
} from '@twinclean/shared/admin-applications';
import { serverMessage } from '@twinclean/shared/http';
import { formatInstant } from '@twinclean/shared/schedule';
import { Button } from '@twinclean/shared/ui/button';
import { Select } from '@twinclean/shared/ui/select';
import { type FormEvent, useEffect, useState } from 'react';
import { Pager } from '../../components/pager';
import { LoadFailed, Loading } from '../../components/query-states';
import { Field } from '../../components/ui/field';
import { applicationsQueryOptions } from './api';
import { ApplicationDialog } from './application-dialog';
import { DuplicateBadge, StatusBadge } from './labels';

const STATUSES = [
  { value: '', label: 'All statuses' },
  ...Object.entries(APPLICATION_STATUS_LABELS).map(([value, label]) => ({ value, label })),
];

export type ApplicationsSearch = ApplicationFilters & { id?: string | undefined };

/** /admin/provider-applications: newest first; one opens in a dialog to read and decide. */
export function ApplicationsPage({
  search,
  onSearch,
}: {
  search: ApplicationsSearch;
  onSearch: (next: ApplicationsSearch) => void;
}) {
  const { id, ...filters } = search;
  const list = useQuery({
    ...applicationsQueryOptions(filters),
    placeholderData: keepPreviousData,
  });
  const [text, setText] = useState(filters.q ?? '');
  // Back and forward change the URL under the form: show what it now says.
  useEffect(() => setText(filters.q ?? ''), [filters.q]);
  const apply = (next: Partial<ApplicationFilters>) =>
    onSearch({ ...filters, ...next, page: undefined });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply({ q: text.trim() || undefined });
  };

  return (
    <div className="mx-auto grid max-w-5xl grid-cols-[minmax(0,1fr)] gap-5">
      <h1 className="text-3xl font-bold tracking-tight">Provider Applications</h1>
      <form
        onSubmit={submit}
        aria-label="Filter applications"
        className="flex flex-wrap items-end gap-4"
      >
        <Select
          label="Status"
          options={STATUSES}
          value={filters.status ?? ''}
          onChange={(e) =>
            apply({ status: (e.target.value || undefined) as ApplicationStatus | undefined })
          }
        />
        <div className="min-w-56 flex-1">
          <Field
            label="Search"
            type="search"
            placeholder="Name or e-mail"
            maxLength={100}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </div>
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </form>
      {list.data ? (
        <div aria-busy={list.isPlaceholderData} className="space-y-4">
          {list.data.items.length === 0 ? (
            <p className="rounded-lg border bg-white p-8 text-center text-slate-600">
              {filters.status || filters.q
                ? 'No applications match these filters'
                : 'No applications yet'}
            </p>
          ) : (
            <ul className="divide-y rounded-lg border bg-white" aria-label="Applications">
              {list.data.items.map((application) => {
                const name = `${application.firstName} ${application.lastName}`;
                return (
                  <li
                    key={application.id}
                    className="flex flex-wrap items-center justify-between gap-3 p-4"
                  >
                    <div className="min-w-0">
                      <p className="font-semibold">{name}</p>
                      <p className="break-all text-sm text-slate-600">
                        {application.email} · {application.phone}
                      </p>
                      <p className="text-xs text-slate-500">
                        Applied {formatInstant(application.createdAt)}
                      </p>
                    </div>
                    <div className="flex flex-wrap items-center gap-2">
                      <StatusBadge status={application.status} />
                      <DuplicateBadge duplicate={application.duplicate} />
                      <Button
                        variant="secondary"
                        className="h-9 px-3 text-sm"
                        aria-label={`Review ${name}`}
                        onClick={() => onSearch({ ...search, id: application.id })}
                      >
                        Review
                      </Button>
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
          <Pager
            page={list.data.page}
            pageSize={list.data.pageSize}
            total={list.data.total}
            onPage={(page) => onSearch({ ...search, page })}
          />
        </div>
      ) : list.isError ? (
        <LoadFailed
          message={serverMessage(list.error, 'The applications could not be loaded.')}
          retrying={list.isFetching}
          onRetry={() => void list.refetch()}
        />
      ) : (
        <Loading label="Loading applications..." />
      )}
      {id && <ApplicationDialog id={id} onClose={() => onSearch({ ...search, id: undefined })} />}
    </div>
  );
}
