import { createFileRoute } from '@tanstack/react-router';
import { AdminSeriesPage } from '../../../features/admin-series/series-page';
import { prefetchQuery } from '../../../lib/route-data';

export const Route = createFileRoute('/admin/series/$id')({
  loader: async ({ context, params }) => {
    const { adminSeriesQueryOptions } = await import('../../../features/admin-series/api');
    prefetchQuery(context.queryClient, adminSeriesQueryOptions(params.id));
  },
  component: AdminSeries,
});

function AdminSeries() {
  const { id } = Route.useParams();
  return <AdminSeriesPage id={id} />;
}
