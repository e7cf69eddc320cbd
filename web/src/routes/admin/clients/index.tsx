import { createFileRoute } from '@tanstack/react-router';
import { adminClientListQuerySchema, readPeopleSearch } from '@twinclean/shared/admin-people';
import { usePageMeta } from '../../../components/page-meta';
import { ClientsPage } from '../../../features/admin-clients/clients-page';
import { prefetchQuery } from '../../../lib/route-data';

// The table's state is the URL's: a filter the URL gets wrong is dropped, not an error page.
export const Route = createFileRoute('/admin/clients/')({
  validateSearch: (raw: Record<string, unknown>) =>
    readPeopleSearch(adminClientListQuerySchema, raw),
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    // Imported here, not at the top: loaders are in the app's first chunk, the schemas need not be.
    const { adminClientsQueryOptions } = await import('../../../features/admin-clients/api');
    prefetchQuery(context.queryClient, adminClientsQueryOptions(deps));
  },
  component: Clients,
});

function Clients() {
  usePageMeta('Clients | TwinClean Admin', 'Every client account, their bookings and payments.');
  const navigate = Route.useNavigate();
  return (
    <ClientsPage
      search={Route.useSearch()}
      onSearch={(search, options) => navigate({ search, replace: options?.replace })}
    />
  );
}
