import { createFileRoute } from '@tanstack/react-router';
import { AdminProviderPage } from '../../../features/admin-providers/provider-page';
import { ProviderRatingsCard } from '../../../features/admin-ratings/provider-ratings-card';
import { ensureQuery } from '../../../lib/route-data';

export const Route = createFileRoute('/admin/providers/$id')({
  loader: async ({ context, params }) => {
    // Imported here, not at the top: loaders are in the app's first chunk, the schemas need not be.
    const { adminProviderQueryOptions } = await import('../../../features/admin-providers/api');
    await ensureQuery(context.queryClient, adminProviderQueryOptions(params.id));
  },
  component: AdminProvider,
});

function AdminProvider() {
  const { id } = Route.useParams();
  return <AdminProviderPage id={id} ratings={<ProviderRatingsCard providerId={id} />} />;
}
