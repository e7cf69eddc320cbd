import type { AuditEntry, AuditFilters, AuditPage } from '@twinclean/shared/admin-audit';
import { ADMIN_PAGE_SIZE } from '@twinclean/shared/admin-pages';
import { ADMIN_ROLES } from '@twinclean/shared/roles';
import type { Knex } from 'knex';
import { fullNameSql } from '../../core/sql';

type Row = {
  id: string | number;
  action: string;
  entity: string;
  entityId: string;
  actorId: string | null;
  actorName: string | null;
  actorEmail: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  createdAt: Date;
};

const filtered = (query: Knex.QueryBuilder, filters: AuditFilters) =>
  query
    .modify((q) => (filters.entity ? q.where('l.entity', filters.entity) : q))
    .modify((q) => (filters.action ? q.where('l.action', filters.action) : q))
    .modify((q) => (filters.actorId ? q.where('l.actorId', filters.actorId) : q));

const toEntry = (row: Row): AuditEntry => ({
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

/** What the filters offer: the log's entities and actions, and every admin account. */
async function choices(db: Knex): Promise<AuditPage['choices']> {
  const [entities, actions, actors] = await Promise.all([
    db('auditLog').distinct('entity').orderBy('entity'),
    db('auditLog').distinct('action').orderBy('action'),
    db('users')
      .whereIn('role', ADMIN_ROLES)
      .select('id', db.raw(`${fullNameSql()} AS name`))
      .orderBy(['firstName', 'lastName', 'id']),
  ]);
  return {
    entities: entities.map((r: { entity: string }) => r.entity),
    actions: actions.map((r: { action: string }) => r.action),
    actors: actors as { id: string; name: string }[],
  };
}

/** GET /api/admin/audit-log (admin_owner): the newest first, a page at a time. */
export async function listAuditLog(db: Knex, filters: AuditFilters): Promise<AuditPage> {
  const page = filters.page ?? 1;
  const [rows, counted, offered] = await Promise.all([
    filtered(db('auditLog as l').leftJoin('users as a', 'a.id', 'l.actorId'), filters)
      .select('l.*', db.raw(`${fullNameSql('a')} AS actor_name`), 'a.email as actorEmail')
      .orderBy([
        { column: 'l.createdAt', order: 'desc' },
        { column: 'l.id', order: 'desc' },
      ])
      .limit(ADMIN_PAGE_SIZE)
      .offset((page - 1) * ADMIN_PAGE_SIZE) as Promise<Row[]>,
    filtered(db('auditLog as l'), filters).count({ n: '*' }).first(),
    choices(db),
  ]);
  return {
    items: rows.map(toEntry),
    page,
    pageSize: ADMIN_PAGE_SIZE,
    total: Number(counted?.n ?? 0),
    choices: offered,
  };
}
