import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type AdminClientSearch, adminClientListQuerySchema } from '@twinclean/shared/admin-people';
import { FilterSelect } from '../../components/admin-list/filter-select';
import { PeopleListPage } from '../../components/admin-list/people-list-page';
import { adminClientsQueryOptions } from './api';
import { COLUMNS, Row } from './clients-table';

const DEFAULTS = adminClientListQuerySchema.parse({});

const MEMBERSHIPS = [
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
  return (
    <PeopleListPage
      title="Clients"
      what="clients"
      search={search}
      onSearch={onSearch}
      filtered={Boolean(search.membership)}
      filters={(apply) => (
        <FilterSelect
          label="Membership"
          all="Any membership"
          options={MEMBERSHIPS}
          value={search.membership}
          onChange={(membership) => apply({ membership })}
        />
      )}
      query={clients}
      columns={COLUMNS}
      defaultSort={DEFAULTS}
      tableClass="min-w-[52rem]"
      row={(row) => <Row key={row.id} row={row} />}
    />
  );
}
