import { createFileRoute } from '@tanstack/react-router';
import { ClientSettingsPage } from '../../features/client-settings/settings-page';
import { ensureQuery } from '../../lib/route-data';

export const Route = createFileRoute('/client/settings')({
  loader: async ({ context }) => {
    // Imported here, not at the top: loaders are in the app's first chunk, the schemas need not be.
    const { visitUpdateSettingsQueryOptions } = await import('../../features/client-settings/api');
    await ensureQuery(context.queryClient, visitUpdateSettingsQueryOptions());
  },
  component: ClientSettingsPage,
});
