import { zodResolver } from '@hookform/resolvers/zod';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  APPLICATION_STATUS_LABELS,
  type ApplicationFilters,
  applicationFiltersSchema,
} from '@twinclean/shared/admin-applications';
import { serverMessage } from '@twinclean/shared/http';
import { formatInstant } from '@twinclean/shared/schedule';
import { Button } from '@twinclean/shared/ui/button';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { FilterSelect } from '../../components/admin-list/filter-select';
import { ListFrame } from '../../components/admin-list/list-frame';
import { Field } from '../../components/ui/field';
import { applicationsQueryOptions } from './api';
import { ApplicationDialog } from './application-dialog';
import { DuplicateBadge, StatusBadge } from './labels';
import '@twinclean/shared/zod-english';

const STATUSES = Object.entries(APPLICATION_STATUS_LABELS).map(([value, label]) => ({
  value,
  label,
}));

export type ApplicationsSearch = ApplicationFilters & { id?: string | undefined };

/** The search box's text, checked by the list's own filter: blank is no search. */
export const applicationsSearchFormSchema = z.object({
  q: z.pipe(
    z.pipe(
      z.string(),
      z.transform((text) => text.trim() || undefined),
    ),
    applicationFiltersSchema.shape.q,
  ),
});

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
  const form = useForm<
    z.input<typeof applicationsSearchFormSchema>,
    unknown,
    z.output<typeof applicationsSearchFormSchema>
  >({
    resolver: zodResolver(applicationsSearchFormSchema),
    // Back and forward change the URL under the form: show what it now says. Only a change of
    // the URL's search replaces the text; a status picked meanwhile keeps what was typed.
    values: { q: filters.q ?? '' },
  });
  const apply = (next: Partial<ApplicationFilters>) =>
    onSearch({ ...filters, ...next, page: undefined });
  const submit = form.handleSubmit(apply);

  return (
    <div className="mx-auto grid max-w-5xl grid-cols-[minmax(0,1fr)] gap-5">
      <h1 className="text-3xl font-bold tracking-tight">Provider Applications</h1>
      <form
        onSubmit={submit}
        aria-label="Filter applications"
        className="flex flex-wrap items-end gap-4"
      >
        <FilterSelect
          label="Status"
          all="All statuses"
          options={STATUSES}
          value={filters.status}
          onChange={(status) => apply({ status })}
        />
        <div className="min-w-56 flex-1">
          <Field
            label="Search"
            type="search"
            placeholder="Name or e-mail"
            maxLength={100}
            error={form.formState.errors.q?.message}
            {...form.register('q')}
          />
        </div>
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </form>
      <ListFrame
        query={list}
        loading="Loading applications..."
        failed={serverMessage(list.error, 'The applications could not be loaded.')}
        empty={
          filters.status || filters.q
            ? 'No applications match these filters'
            : 'No applications yet'
        }
        onPage={(page) => onSearch({ ...search, page })}
      >
        {(items) => (
          <ul className="divide-y rounded-lg border bg-white" aria-label="Applications">
            {items.map((application) => {
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
      </ListFrame>
      {id && <ApplicationDialog id={id} onClose={() => onSearch({ ...search, id: undefined })} />}
    </div>
  );
}
