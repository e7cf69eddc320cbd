import { createFileRoute, Outlet } from '@tanstack/react-router';
import { Spinner } from '@twinclean/shared/ui/spinner';
import { AdminLayout } from '../../features/admin-shell/admin-layout';
import { requireRole } from '../../features/auth/guard';

export const Route = createFileRoute('/admin')({
  beforeLoad: async ({ context, location }) => ({
    user: await requireRole(context.queryClient, ['admin_owner', 'admin_staff'], location),
  }),
  pendingComponent: () => <Spinner />,
  component: AdminShell,
});

// The shell is this route's component, so autoCodeSplitting keeps it (and every admin page
// beneath it) out of the public pages' bundle.
function AdminShell() {
  const { user } = Route.useRouteContext();
  return (
    <AdminLayout user={user}>
      <Outlet />
    </AdminLayout>
  );
}
