import { createFileRoute } from '@tanstack/react-router';
import { PaymentMethodsPage } from '../../features/payment-methods/payment-methods-page';
import { ensureQuery } from '../../lib/route-data';

export const Route = createFileRoute('/client/payment-methods')({
  loader: async ({ context }) => {
    // Imported here, not at the top: loaders are in the app's first chunk, the schemas need not be.
    const { paymentMethodsQueryOptions } = await import('../../lib/payment-methods');
    await ensureQuery(context.queryClient, paymentMethodsQueryOptions());
  },
  component: PaymentMethodsPage,
});
