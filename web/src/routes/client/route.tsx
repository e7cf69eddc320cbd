import { createFileRoute, Outlet } from '@tanstack/react-router';
import { Spinner } from '@twinclean/shared/ui/spinner';
import { requireRole } from '../../features/auth/guard';

export const Route = createFileRoute('/client')({
  beforeLoad: async ({ context, location }) => ({
    user: await requireRole(context.queryClient, ['client'], location),
  }),
  pendingComponent: () => <Spinner />,
  component: Outlet,
});
