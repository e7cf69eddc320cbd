import { createFileRoute } from '@tanstack/react-router';
import { usePageMeta } from '../../../components/page-meta';
import { readSeriesSearch } from '../../../features/admin-series/api';
import { SeriesListPage } from '../../../features/admin-series/series-list-page';
import { prefetchQuery } from '../../../lib/route-data';

// The list's filters are the URL's: one the URL gets wrong is dropped, not an error page.
export const Route = createFileRoute('/admin/series/')({
  validateSearch: (raw: Record<string, unknown>) => readSeriesSearch(raw),
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    const { adminSeriesListQueryOptions } = await import('../../../features/admin-series/api');
    prefetchQuery(context.queryClient, adminSeriesListQueryOptions(deps));
  },
  component: SeriesList,
});

function SeriesList() {
  usePageMeta('Series | TwinClean Admin', 'Every recurring cleaning, its visits and history.');
  const navigate = Route.useNavigate();
  return (
    <SeriesListPage
      search={Route.useSearch()}
      onSearch={(search, options) => navigate({ search, replace: options?.replace })}
    />
  );
}
