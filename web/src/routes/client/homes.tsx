import { createFileRoute } from '@tanstack/react-router';
import { HomesPage } from '../../features/client-homes/homes-page';
import { ensureQuery } from '../../lib/route-data';

export const Route = createFileRoute('/client/homes')({
  loader: async ({ context }) => {
    // Imported here, not at the top: loaders are in the app's first chunk, the schemas need not be.
    const { homesQueryOptions } = await import('../../features/client-homes/api');
    await ensureQuery(context.queryClient, homesQueryOptions());
  },
  component: HomesPage,
});
