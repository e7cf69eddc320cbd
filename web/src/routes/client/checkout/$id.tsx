import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { ClientCheckoutPage } from '../../../features/client/checkout/client-checkout';
import { ensureQuery } from '../../../lib/route-data';

export const Route = createFileRoute('/client/checkout/$id')({
  // The amount the Pay Now button asked for. Read as text here and checked against the
  // booking's own choices by the page: the payment schemas stay out of the app's first chunk.
  validateSearch: z.object({ option: z.catch(z.optional(z.string()), undefined) }),
  loader: async ({ context, params }) => {
    // Imported here, not at the top: loaders are in the app's first chunk, the schemas need not be.
    const { clientBookingQueryOptions } = await import('../../../features/client/api');
    await ensureQuery(context.queryClient, clientBookingQueryOptions(params.id));
  },
  component: ClientCheckout,
});

function ClientCheckout() {
  const { id } = Route.useParams();
  const { option } = Route.useSearch();
  return <ClientCheckoutPage id={id} option={option} />;
}
