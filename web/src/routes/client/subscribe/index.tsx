import { createFileRoute } from '@tanstack/react-router';
import { SubscribePage } from '../../../features/subscription/subscribe-page';
import { pricingQueryOptions } from '../../../lib/catalog';
import { ensureQuery, prefetchQuery } from '../../../lib/route-data';

export const Route = createFileRoute('/client/subscribe/')({
  loader: async ({ context }) => {
    // Imported here, not at the top: loaders are in the app's first chunk, the schemas need not be.
    const { subscriptionPageQueryOptions } = await import('../../../features/subscription/api');
    // The member and standard hourly rates in the plans' copy; the page renders without them.
    prefetchQuery(context.queryClient, pricingQueryOptions());
    await ensureQuery(context.queryClient, subscriptionPageQueryOptions());
  },
  component: SubscribePage,
});
