import type { AuditEntry, AuditFilters, AuditPage } from '@twinclean/shared/admin-audit';
import { ADMIN_PAGE_SIZE } from '@twinclean/shared/admin-pages';
import type { Knex } from 'knex';
import { type AuditRow, auditChoices, auditCount, auditRows } from './audit-log.sql';

const toEntry = (row: AuditRow): AuditEntry => ({
  id: String(row.id),
  action: row.action,
  entity: row.entity,
  entityId: row.entityId,
  actor:
    row.actorId && row.actorName
      ? { id: row.actorId, name: row.actorName, email: row.actorEmail ?? '' }
      : null,
  before: row.before,
  after: row.after,
  createdAt: new Date(row.createdAt).toISOString(),
});

/** GET /api/admin/audit-log (admin_owner): the newest first, a page at a time. */
export async function listAuditLog(db: Knex, filters: AuditFilters): Promise<AuditPage> {
  const page = filters.page ?? 1;
  const [rows, total, choices] = await Promise.all([
    auditRows(db, filters, page),
    auditCount(db, filters),
    auditChoices(db),
  ]);
  return { items: rows.map(toEntry), page, pageSize: ADMIN_PAGE_SIZE, total, choices };
}
