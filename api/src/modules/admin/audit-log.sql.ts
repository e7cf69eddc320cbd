import type { AuditFilters } from '@twinclean/shared/admin-audit';
import { ADMIN_PAGE_SIZE } from '@twinclean/shared/admin-pages';
import { ADMIN_ROLES } from '@twinclean/shared/roles';
import type { Knex } from 'knex';
import { fullNameSql } from '../../core/sql';

// The audit log's admin table: a page of entries with their actors' names, the count, and what
// the filters offer.

export type AuditRow = {
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

/** Page `page` of the matching entries, the newest first, each with its actor's name and e-mail. */
export function auditRows(db: Knex, filters: AuditFilters, page: number): Promise<AuditRow[]> {
  return filtered(db('auditLog as l').leftJoin('users as a', 'a.id', 'l.actorId'), filters)
    .select('l.*', db.raw(`${fullNameSql('a')} AS actor_name`), 'a.email as actorEmail')
    .orderBy([
      { column: 'l.createdAt', order: 'desc' },
      { column: 'l.id', order: 'desc' },
    ])
    .limit(ADMIN_PAGE_SIZE)
    .offset((page - 1) * ADMIN_PAGE_SIZE);
}

/** How many entries match. */
export async function auditCount(db: Knex, filters: AuditFilters): Promise<number> {
  const counted = await filtered(db('auditLog as l'), filters).count({ n: '*' }).first();
  return Number(counted?.n ?? 0);
}

/** What the filters offer: the log's entities and actions, and every admin account by name. */
export async function auditChoices(db: Knex): Promise<{
  entities: string[];
  actions: string[];
  actors: { id: string; name: string }[];
}> {
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
