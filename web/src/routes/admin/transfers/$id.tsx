import { createFileRoute } from '@tanstack/react-router';
import { usePageMeta } from '../../../components/page-meta';
import { TransferPage } from '../../../features/admin-transfers/transfer-page';
import { ensureQuery } from '../../../lib/route-data';

export const Route = createFileRoute('/admin/transfers/$id')({
  loader: async ({ context, params }) => {
    // Imported here, not at the top: loaders are in the app's first chunk, the schemas need not be.
    const { transferQueryOptions } = await import('../../../features/admin-transfers/api');
    await ensureQuery(context.queryClient, transferQueryOptions(params.id));
  },
  component: AdminTransfer,
});

// Retry now is every admin's; Cancel transfer the owners' (the API refuses staff either way).
function AdminTransfer() {
  usePageMeta('Transfer | TwinClean Admin', 'One weekly transfer, what it pays, and its state.');
  const { id } = Route.useParams();
  const { user } = Route.useRouteContext();
  return <TransferPage id={id} isOwner={user.role === 'admin_owner'} />;
}
