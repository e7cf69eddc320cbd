import { createFileRoute, Outlet } from '@tanstack/react-router';
import { Spinner } from '@twinclean/shared/ui/spinner';
import { requireRole } from '../../features/auth/guard';

export const Route = createFileRoute('/admin')({
  beforeLoad: async ({ context, location }) => ({
    user: await requireRole(context.queryClient, ['admin_owner', 'admin_staff'], location),
  }),
  pendingComponent: () => <Spinner />,
  component: Outlet,
});
