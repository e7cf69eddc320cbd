import type { Knex } from 'knex';

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
  await trx('auditLog').insert({
    ...entry,
    before: entry.before === null ? null : JSON.stringify(entry.before),
    after: entry.after === null ? null : JSON.stringify(entry.after),
  });
}
