import * as z from 'zod/mini';
import { pageNumberSchema, pageOf } from './admin-pages';

// GET /api/admin/audit-log: every admin write, who made it, when, and the values before and
// after (DECISIONS.md "Admin operations"); admin_owner reads it.

const name = (label: string) =>
  z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.minLength(1, `${label} cannot be empty`),
        z.maxLength(100, `${label} is at most 100 characters`),
      ),
  );

export const auditFiltersSchema = z.object({
  /** The kind of thing changed: payout, payment… */
  entity: name('Entity'),
  /** What was done, as entity.verb: payout.mark_paid. */
  action: name('Action'),
  actorId: z.optional(z.string().check(z.uuid('Actor id must be a UUID'))),
  page: pageNumberSchema,
});
export type AuditFilters = z.infer<typeof auditFiltersSchema>;

const values = z.nullable(z.record(z.string(), z.unknown()));

export const auditEntrySchema = z.object({
  id: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string(),
  /** Null once the admin's account is gone. */
  actor: z.nullable(z.object({ id: z.string(), name: z.string(), email: z.string() })),
  before: values,
  after: values,
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.extend(pageOf(auditEntrySchema), {
  /** What the filters can choose from: the entities, actions and admins the log has seen. */
  choices: z.object({
    entities: z.array(z.string()),
    actions: z.array(z.string()),
    actors: z.array(z.object({ id: z.string(), name: z.string() })),
  }),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
