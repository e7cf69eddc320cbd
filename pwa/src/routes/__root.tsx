import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext } from '@tanstack/react-router';
import { Spinner } from '@twinclean/shared/ui/spinner';
import { AppShell, NotFound, StartFailed } from '../features/session/app-shell-page';
import { requireProvider } from '../features/session/session-loader';

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  beforeLoad: async ({ context }) => ({ user: await requireProvider(context.queryClient) }),
  pendingComponent: () => <Spinner />,
  component: AppShell,
  notFoundComponent: NotFound,
  errorComponent: StartFailed,
});
