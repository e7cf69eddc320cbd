import { createFileRoute, notFound } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { usePageMeta } from '../../components/page-meta';
import { AdminsPage } from '../../features/admin-accounts/admins-page';

export const Route = createFileRoute('/admin/admins')({
  // DECISIONS.md "Roles": admin accounts are the owner's; for staff the page does not exist.
  beforeLoad: ({ context }) => {
    if (context.user.role !== 'admin_owner') throw notFound();
  },
  validateSearch: z.object({
    page: z.catch(z.optional(z.number().check(z.int(), z.gte(1))), undefined),
  }),
  component: AdminAccounts,
});

function AdminAccounts() {
  usePageMeta('Admin Accounts | TwinClean Admin', 'Invite admins, change roles, deactivate.');
  const { user } = Route.useRouteContext();
  const { page } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <AdminsPage
      page={page}
      selfId={user.id}
      onPage={(next) => navigate({ search: { page: next }, replace: true })}
    />
  );
}
