import { createFileRoute } from '@tanstack/react-router';
import { ReceiptsPage } from '../../../features/client/receipts';
import { ensureQuery } from '../../../lib/route-data';

export const Route = createFileRoute('/client/invoices/')({
  loader: async ({ context }) => {
    // Imported here, not at the top: loaders are in the app's first chunk, the schemas need not be.
    const { receiptsQueryOptions } = await import('../../../features/client/api');
    await ensureQuery(context.queryClient, receiptsQueryOptions());
  },
  component: ReceiptsPage,
});
