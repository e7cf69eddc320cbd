import { createFileRoute } from '@tanstack/react-router';
import { adminProviderListQuerySchema, readPeopleSearch } from '@twinclean/shared/admin-people';
import { usePageMeta } from '../../../components/page-meta';
import { ProvidersPage } from '../../../features/admin-providers/providers-page';
import { prefetchQuery } from '../../../lib/route-data';

// The table's state is the URL's: a filter the URL gets wrong is dropped, not an error page.
export const Route = createFileRoute('/admin/providers/')({
  validateSearch: (raw: Record<string, unknown>) =>
    readPeopleSearch(adminProviderListQuerySchema, raw),
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    // Imported here, not at the top: loaders are in the app's first chunk, the schemas need not be.
    const { adminProvidersQueryOptions } = await import('../../../features/admin-providers/api');
    prefetchQuery(context.queryClient, adminProvidersQueryOptions(deps));
  },
  component: Providers,
});

function Providers() {
  usePageMeta('Providers | TwinClean Admin', 'Every provider: rating, work, availability and VIP.');
  const navigate = Route.useNavigate();
  return (
    <ProvidersPage
      search={Route.useSearch()}
      onSearch={(search, options) => navigate({ search, replace: options?.replace })}
    />
  );
}
