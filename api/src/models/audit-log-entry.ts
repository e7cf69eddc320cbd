import { BaseModel } from './base-model';

/**
 * One admin write as the audit log keeps it (api/db/migrations/…_create-audit-log.ts): who, what,
 * on which entity, before and after. Rows are only ever added.
 */
export class AuditLogEntry extends BaseModel {
  static override tableName = 'audit_log';
  // jsonb: without this a JS array in before/after would go to pg as a PostgreSQL array.
  static override jsonAttributes = ['before', 'after'];

  /** bigserial: pg hands it over as a string. */
  declare id: string;
  /** Null for the operator's command line, or an admin account since deleted. */
  declare actorId: string | null;
  declare action: string;
  declare entity: string;
  declare entityId: string;
  declare before: Record<string, unknown> | null;
  declare after: Record<string, unknown> | null;
  declare createdAt: Date;
}
