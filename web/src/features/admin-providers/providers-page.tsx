import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  type AdminProviderSearch,
  adminProviderListQuerySchema,
} from '@twinclean/shared/admin-people';
import { PeopleListPage } from '../../components/admin-list/people-list-page';
import { adminProvidersQueryOptions } from './api';
import { COLUMNS, Row } from './providers-table';

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
  return (
    <PeopleListPage
      title="Providers"
      what="providers"
      search={search}
      onSearch={onSearch}
      filtered={false}
      query={providers}
      columns={COLUMNS}
      defaultSort={DEFAULTS}
      tableClass="min-w-[56rem]"
      row={(row) => <Row key={row.id} row={row} />}
    />
  );
}
