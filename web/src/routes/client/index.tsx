import { createFileRoute } from '@tanstack/react-router';
import { ClientDashboard } from '../../features/client/dashboard';
import { RecurringCleanings } from '../../features/client-series/series-section';
import { prefetchQuery } from '../../lib/route-data';

export const Route = createFileRoute('/client/')({
  // The page greets the client at once; the lists fill in (with their own loading state).
  loader: async ({ context }) => {
    // Imported here, not at the top: loaders are in the app's first chunk, the schemas need not be.
    const { clientBookingsQueryOptions } = await import('../../features/client/api');
    prefetchQuery(context.queryClient, clientBookingsQueryOptions());
    const { seriesListQueryOptions } = await import('../../features/client-series/api');
    prefetchQuery(context.queryClient, seriesListQueryOptions());
  },
  component: ClientHome,
});

function ClientHome() {
  const { user } = Route.useRouteContext();
  return <ClientDashboard user={user} sections={<RecurringCleanings />} />;
}
