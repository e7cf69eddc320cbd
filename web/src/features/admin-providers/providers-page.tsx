import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  type AdminProviderSearch,
  adminProviderListQuerySchema,
} from '@twinclean/shared/admin-people';
import { Button } from '@twinclean/shared/ui/button';
import { Select } from '@twinclean/shared/ui/select';
import { SearchBox } from '../admin-bookings/bookings-filters';
import { STATES } from '../admin-clients/clients-page';
import { PeopleList } from '../admin-clients/people-list';
import { adminProvidersQueryOptions } from './api';
import { ProvidersTable } from './providers-table';

const DEFAULTS = adminProviderListQuerySchema.parse({});

type Change = (next: AdminProviderSearch, options?: { replace?: boolean }) => void;

/** /admin/providers: every provider, searched, filtered, sorted and paged on the server. */
export function ProvidersPage(props: { search: AdminProviderSearch; onSearch: Change }) {
  const { search, onSearch } = props;
  // The last page stays on screen (dimmed) while the next loads: paging never blanks the table.
  const providers = useQuery({
    ...adminProvidersQueryOptions(search),
    placeholderData: keepPreviousData,
  });
  const filtered = Boolean(search.q || search.state);
  const clear = () => onSearch({ sort: search.sort, dir: search.dir, pageSize: search.pageSize });
  const apply = (next: AdminProviderSearch, options?: { replace?: boolean }) =>
    onSearch({ ...search, ...next, page: undefined }, options);
  return (
    <div className="mx-auto grid max-w-7xl gap-5">
      <h1 className="text-3xl font-bold tracking-tight">Providers</h1>
      <search aria-label="Filter providers" className="flex flex-wrap items-end gap-4">
        <div className="min-w-64 flex-1">
          <SearchBox
            label="Search"
            placeholder="Name, e-mail or phone"
            value={search.q}
            onSearch={(q) => apply({ q }, { replace: true })}
          />
        </div>
        <Select
          label="Account"
          options={STATES}
          value={search.state ?? ''}
          onChange={(e) =>
            apply({ state: (e.target.value || undefined) as AdminProviderSearch['state'] })
          }
        />
        {filtered && (
          <Button variant="secondary" onClick={clear}>
            Clear filters
          </Button>
        )}
      </search>
      <PeopleList
        what="providers"
        search={search}
        onSearch={onSearch}
        filtered={filtered}
        onClear={clear}
        query={providers}
        table={
          <ProvidersTable
            rows={providers.data?.items}
            sort={{ sort: search.sort ?? DEFAULTS.sort, dir: search.dir ?? DEFAULTS.dir }}
            onSort={(next) => onSearch({ ...search, ...next, page: undefined })}
            busy={providers.isPlaceholderData}
          />
        }
      />
    </div>
  );
}
