import { createFileRoute, notFound } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { usePageMeta } from '../../components/page-meta';
import { AuditLogPage } from '../../features/admin-audit/audit-log-page';

const text = z.catch(z.optional(z.string()), undefined);

export const Route = createFileRoute('/admin/audit-log')({
  // DECISIONS.md "Roles": the owner's page; for staff it does not exist, as the spec has it.
  beforeLoad: ({ context }) => {
    if (context.user.role !== 'admin_owner') throw notFound();
  },
  validateSearch: z.object({
    entity: text,
    action: text,
    actorId: text,
    page: z.catch(z.optional(z.number().check(z.int(), z.gte(1))), undefined),
  }),
  component: AdminAuditLog,
});

function AdminAuditLog() {
  usePageMeta('Audit Log | TwinClean Admin', 'Every admin change: who, what, when.');
  const filters = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <AuditLogPage filters={filters} onFilters={(search) => navigate({ search, replace: true })} />
  );
}
