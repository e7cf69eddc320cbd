import { createFileRoute } from '@tanstack/react-router';
import { ReceiptPage } from '../../../features/client/receipt';
import { ensureQuery } from '../../../lib/route-data';

export const Route = createFileRoute('/client/invoices/$id')({
  loader: async ({ context, params }) => {
    // Imported here, not at the top: loaders are in the app's first chunk, the schemas need not be.
    const { receiptQueryOptions } = await import('../../../features/client/api');
    await ensureQuery(context.queryClient, receiptQueryOptions(params.id));
  },
  component: Receipt,
});

function Receipt() {
  const { id } = Route.useParams();
  return <ReceiptPage id={id} />;
}
