import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { SubscriptionCheckoutPage } from '../../../features/subscription/checkout-page';
import { ensureQuery } from '../../../lib/route-data';

export const Route = createFileRoute('/client/subscribe/checkout')({
  // The plan is read as it comes and checked by the page (spec 2 §8: an invalid plan says so and
  // goes back to the plans); the senior declaration made on the plan page comes with it.
  validateSearch: z.object({
    plan: z.catch(z.optional(z.string()), undefined),
    declared: z.catch(z.optional(z.boolean()), undefined),
  }),
  loader: async ({ context }) => {
    // Imported here, not at the top: loaders are in the app's first chunk, the schemas need not be.
    const { subscriptionPageQueryOptions } = await import('../../../features/subscription/api');
    await ensureQuery(context.queryClient, subscriptionPageQueryOptions());
  },
  component: SubscriptionCheckout,
});

function SubscriptionCheckout() {
  const { plan, declared } = Route.useSearch();
  return <SubscriptionCheckoutPage plan={plan} declared={declared === true} />;
}
