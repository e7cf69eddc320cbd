import * as z from 'zod/mini';
import { pageNumberSchema, pageOf } from './admin-pages';
import { emailOnlySchema } from './auth';
import { ADMIN_ROLES } from './roles';

// Issue 17: accounts an admin deactivates and reactivates (POST /api/admin/users/{id}/…), and
// the admin accounts an owner invites and manages (/api/admin/admins). DECISIONS.md "Roles":
// both admin roles (de)activate clients and providers; only admin_owner touches admins.

/** POST /api/admin/users/{id}/deactivate and …/reactivate: no body; the account's state. */
export const deactivationAnswerSchema = z.object({
  id: z.string(),
  /** When the account was deactivated; null while it may sign in. */
  deactivatedAt: z.nullable(z.string()),
});
export type DeactivationAnswer = z.infer<typeof deactivationAnswerSchema>;

export const adminRoleSchema = z.enum(ADMIN_ROLES, 'Role is admin_staff or admin_owner');
export type AdminRole = z.infer<typeof adminRoleSchema>;

export const ADMIN_ROLE_LABELS: Record<AdminRole, string> = {
  admin_owner: 'Owner',
  admin_staff: 'Staff',
};

const name = (label: string) =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, `${label} is required`),
      z.maxLength(100, `${label} is too long`),
    );

/** POST /api/admin/admins (owner): a new admin, who sets a password from the e-mailed code. */
export const adminInviteSchema = z.object({
  firstName: name('First name'),
  lastName: name('Last name'),
  email: emailOnlySchema.shape.email,
  role: adminRoleSchema,
});
export type AdminInvite = z.infer<typeof adminInviteSchema>;

/** PATCH /api/admin/admins/{id} (owner). */
export const adminRoleChangeSchema = z.object({ role: adminRoleSchema });
export type AdminRoleChange = z.infer<typeof adminRoleChangeSchema>;

/** GET /api/admin/admins (owner): every admin account, owners first. */
export const adminListQuerySchema = z.object({ page: pageNumberSchema });
export type AdminListQuery = z.infer<typeof adminListQuerySchema>;

export const adminAccountSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: adminRoleSchema,
  /** False until the invited admin has chosen a password. */
  hasPassword: z.boolean(),
  deactivatedAt: z.nullable(z.string()),
  createdAt: z.string(),
});
export type AdminAccount = z.infer<typeof adminAccountSchema>;

export const adminAccountsPageSchema = pageOf(adminAccountSchema);
export type AdminAccountsPage = z.infer<typeof adminAccountsPageSchema>;

/** What an invitation or a role change answers: the account as the list shows it. */
export const adminAccountAnswerSchema = z.object({
  message: z.string(),
  account: adminAccountSchema,
});
export type AdminAccountAnswer = z.infer<typeof adminAccountAnswerSchema>;
