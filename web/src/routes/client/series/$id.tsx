import { createFileRoute } from '@tanstack/react-router';
import { SeriesPage } from '../../../features/client-series/series-page';
import { ensureQuery } from '../../../lib/route-data';

export const Route = createFileRoute('/client/series/$id')({
  loader: async ({ context, params }) => {
    // Imported here, not at the top: loaders are in the app's first chunk, the schemas need not be.
    const { seriesQueryOptions } = await import('../../../features/client-series/api');
    await ensureQuery(context.queryClient, seriesQueryOptions(params.id));
  },
  component: SeriesRoute,
});

function SeriesRoute() {
  const { id } = Route.useParams();
  return <SeriesPage id={id} />;
}
