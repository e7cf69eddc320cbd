import { createFileRoute } from '@tanstack/react-router';
import { TipsPage } from '../features/marketing/tips-page';
import { pricingQueryOptions } from '../lib/catalog';
import { prefetchQuery } from '../lib/route-data';

export const Route = createFileRoute('/cleaning-tips')({
  loader: ({ context }) => {
    prefetchQuery(context.queryClient, pricingQueryOptions());
  },
  component: () => <TipsPage title="Cleaning Tips" />,
});
