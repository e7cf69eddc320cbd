import { QueryClientProvider } from '@tanstack/react-query';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { refreshOnJobAlerts } from './features/job-alerts/job-alerts';
import { dropExpiredNotes } from './features/outbox/kept-notes';
import { createProviderQueryClient, persistQueries } from './lib/query-client';
import { registerServiceWorker } from './lib/updates';
import { routeTree } from './routeTree.gen';
import './styles.css';

const queryClient = createProviderQueryClient();
const router = createRouter({ routeTree, basepath: '/provider', context: { queryClient } });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
registerServiceWorker();
refreshOnJobAlerts(queryClient);
const EXPIRED_NOTES_CHECK_MS = 10 * 60_000;
void dropExpiredNotes().catch(() => {});
setInterval(() => void dropExpiredNotes().catch(() => {}), EXPIRED_NOTES_CHECK_MS);
// The last known data first: offline, the signed-in user and the jobs come from here.
await persistQueries(queryClient).catch(() => {});
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
