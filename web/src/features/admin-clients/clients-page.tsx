import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type AdminClientSearch, adminClientListQuerySchema } from '@twinclean/shared/admin-people';
import { Button } from '@twinclean/shared/ui/button';
import { Select } from '@twinclean/shared/ui/select';
import { SearchBox } from '../admin-bookings/bookings-filters';
import { adminClientsQueryOptions } from './api';
import { ClientsTable } from './clients-table';
import { PeopleList } from './people-list';

const DEFAULTS = adminClientListQuerySchema.parse({});

export const STATES = [
  { value: '', label: 'All accounts' },
  { value: 'active', label: 'Active' },
  { value: 'deactivated', label: 'Deactivated' },
];
const MEMBERSHIPS = [
  { value: '', label: 'Any membership' },
  { value: 'standard', label: 'Standard' },
  { value: 'senior', label: 'Senior' },
  { value: 'none', label: 'Pay Per Visit' },
];

type Change = (next: AdminClientSearch, options?: { replace?: boolean }) => void;

/** /admin/clients: every client account, searched, filtered, sorted and paged on the server. */
export function ClientsPage({ search, onSearch }: { search: AdminClientSearch; onSearch: Change }) {
  // The last page stays on screen (dimmed) while the next loads: paging never blanks the table.
  const clients = useQuery({
    ...adminClientsQueryOptions(search),
    placeholderData: keepPreviousData,
  });
  const filtered = Boolean(search.q || search.state || search.membership);
  const clear = () => onSearch({ sort: search.sort, dir: search.dir, pageSize: search.pageSize });
  // A filter starts again from page 1.
  const apply = (next: AdminClientSearch, options?: { replace?: boolean }) =>
    onSearch({ ...search, ...next, page: undefined }, options);
  return (
    <div className="mx-auto grid max-w-7xl gap-5">
      <h1 className="text-3xl font-bold tracking-tight">Clients</h1>
      <search aria-label="Filter clients" className="flex flex-wrap items-end gap-4">
        <div className="min-w-64 flex-1">
          <SearchBox
            label="Search"
            placeholder="Name, e-mail or phone"
            value={search.q}
            // Typing replaces the URL rather than stacking a history entry per pause.
            onSearch={(q) => apply({ q }, { replace: true })}
          />
        </div>
        <Select
          label="Account"
          options={STATES}
          value={search.state ?? ''}
          onChange={(e) =>
            apply({ state: (e.target.value || undefined) as AdminClientSearch['state'] })
          }
        />
        <Select
          label="Membership"
          options={MEMBERSHIPS}
          value={search.membership ?? ''}
          onChange={(e) =>
            apply({ membership: (e.target.value || undefined) as AdminClientSearch['membership'] })
          }
        />
        {filtered && (
          <Button variant="secondary" onClick={clear}>
            Clear filters
          </Button>
        )}
      </search>
      <PeopleList
        what="clients"
        search={search}
        onSearch={onSearch}
        filtered={filtered}
        onClear={clear}
        query={clients}
        table={
          <ClientsTable
            rows={clients.data?.items}
            sort={{ sort: search.sort ?? DEFAULTS.sort, dir: search.dir ?? DEFAULTS.dir }}
            onSort={(next) => onSearch({ ...search, ...next, page: undefined })}
            busy={clients.isPlaceholderData}
          />
        }
      />
    </div>
  );
}
