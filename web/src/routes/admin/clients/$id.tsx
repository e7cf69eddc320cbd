import { createFileRoute } from '@tanstack/react-router';
import { AdminClientPage } from '../../../features/admin-clients/client-page';
import { ensureQuery } from '../../../lib/route-data';

export const Route = createFileRoute('/admin/clients/$id')({
  loader: async ({ context, params }) => {
    // Imported here, not at the top: loaders are in the app's first chunk, the schemas need not be.
    const { adminClientQueryOptions } = await import('../../../features/admin-clients/api');
    await ensureQuery(context.queryClient, adminClientQueryOptions(params.id));
  },
  component: AdminClient,
});

function AdminClient() {
  const { id } = Route.useParams();
  return <AdminClientPage id={id} />;
}
