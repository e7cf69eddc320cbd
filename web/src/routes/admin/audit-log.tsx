import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { usePageMeta } from '../../components/page-meta';
import { AuditLogPage } from '../../features/admin-audit/audit-log-page';
import { OwnersOnlyPage } from '../../features/admin-shell/owners-only-page';

const text = z.catch(z.optional(z.string()), undefined);

export const Route = createFileRoute('/admin/audit-log')({
  validateSearch: z.object({
    entity: text,
    action: text,
    actorId: text,
    page: z.catch(z.optional(z.number().check(z.int(), z.gte(1))), undefined),
  }),
  component: AdminAuditLog,
});

// DECISIONS.md "Roles": the owner's page; staff meet it in their shell, told it is the owners'.
function AdminAuditLog() {
  const { user } = Route.useRouteContext();
  return user.role === 'admin_owner' ? (
    <AdminAuditLogForOwner />
  ) : (
    <OwnersOnlyPage title="Audit Log" />
  );
}

function AdminAuditLogForOwner() {
  usePageMeta('Audit Log | TwinClean Admin', 'Every admin change: who, what, when.');
  const filters = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <AuditLogPage filters={filters} onFilters={(search) => navigate({ search, replace: true })} />
  );
}
