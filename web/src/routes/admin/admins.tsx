import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { usePageMeta } from '../../components/page-meta';
import { AdminsPage } from '../../features/admin-accounts/admins-page';
import { OwnersOnlyPage } from '../../features/admin-shell/owners-only-page';

export const Route = createFileRoute('/admin/admins')({
  validateSearch: z.object({
    page: z.catch(z.optional(z.number().check(z.int(), z.gte(1))), undefined),
  }),
  component: AdminAccounts,
});

// DECISIONS.md "Roles": the owner's page; staff meet it in their shell, told it is the owners'.
function AdminAccounts() {
  const { user } = Route.useRouteContext();
  return user.role === 'admin_owner' ? (
    <AdminAccountsForOwner />
  ) : (
    <OwnersOnlyPage title="Admin Accounts" />
  );
}

function AdminAccountsForOwner() {
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
