import type { Knex } from 'knex';
import { AuditLogEntry } from '../models/audit-log-entry';

/** One admin write, as the audit log keeps it (DECISIONS.md "Admin operations"). */
export type AuditEntry = {
  /** The admin who acted; null for the operator's command line (api/src/cli). */
  actorId: string | null;
  /** What was done, as `entity.verb`: payout.mark_paid. */
  action: string;
  entity: string;
  entityId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

/** Records an admin write in the transaction that makes it: both happen, or neither. */
export async function audit(trx: Knex.Transaction, entry: AuditEntry): Promise<void> {
  await AuditLogEntry.query(trx).insert(entry);
}
