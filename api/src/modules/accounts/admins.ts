import {
  ADMIN_ROLE_LABELS,
  type AdminAccount,
  type AdminAccountAnswer,
  type AdminAccountsPage,
  type AdminInvite,
  type AdminListQuery,
  type AdminRole,
} from '@twinclean/shared/admin-accounts';
import { ADMIN_PAGE_SIZE } from '@twinclean/shared/admin-pages';
import type { CurrentUser } from '@twinclean/shared/auth';
import { ADMIN_ROLES } from '@twinclean/shared/roles';
import { audit } from '../../core/audit';
import { notFound } from '../../errors';
import { User } from '../../models/user';
import { type AdminRecord, adminAccountsPage } from './admins.sql';
import { type AccountDeps, inviteAccount } from './invite';
import { keepAnOwner, lockAdminAccounts } from './owners';

// Admin accounts (DECISIONS.md "Roles": admin_owner only): invited by e-mail like providers,
// their role changed, (de)activated through ./deactivation.ts; one active owner always stays.

const view = (user: AdminRecord): AdminAccount => ({
  id: user.id,
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  role: user.role as AdminRole,
  hasPassword: user.passwordHash !== null,
  deactivatedAt: user.deactivatedAt ? user.deactivatedAt.toISOString() : null,
  createdAt: user.createdAt.toISOString(),
});

/** GET /api/admin/admins: active before deactivated, owners before staff, then by name. */
export async function listAdmins(
  db: AccountDeps['db'],
  query: AdminListQuery,
): Promise<AdminAccountsPage> {
  const page = query.page ?? 1;
  const { rows, total } = await adminAccountsPage(db, page);
  return { items: rows.map(view), page, pageSize: ADMIN_PAGE_SIZE, total };
}

/** POST /api/admin/admins: a new admin, e-mailed a code to choose a password. */
export async function inviteAdmin(
  deps: AccountDeps,
  actor: CurrentUser,
  input: AdminInvite,
): Promise<AdminAccountAnswer> {
  const { user } = await inviteAccount(
    deps,
    {
      ...input,
      lead: `${actor.firstName} ${actor.lastName} invited you to help run TwinClean as ${input.role === 'admin_owner' ? 'an owner' : 'a member of staff'}. Your admin account is ready.`,
    },
    (trx, created) =>
      audit(trx, {
        actorId: actor.id,
        action: 'admin.invite',
        entity: 'user',
        entityId: created.id,
        before: null,
        after: { email: created.email, role: created.role },
      }),
  );
  return { message: `Invitation sent to ${user.email}`, account: view(user) };
}

/**
 * PATCH /api/admin/admins/{id}: an admin's role. An owner may step down to staff, but the last
 * active owner may not: someone must be left to manage admins.
 */
export async function changeAdminRole(
  db: AccountDeps['db'],
  actor: CurrentUser,
  id: string,
  role: AdminRole,
): Promise<AdminAccountAnswer> {
  const user = await db.transaction(async (trx) => {
    await lockAdminAccounts(trx);
    const admin = await User.query(trx).findById(id).whereIn('role', ADMIN_ROLES).forUpdate();
    if (!admin) throw notFound('Admin account');
    if (admin.role === role) return admin;
    if (role !== 'admin_owner') await keepAnOwner(trx, admin, 'demote');
    const changed = await User.query(trx).patchAndFetchById(id, { role });
    await audit(trx, {
      actorId: actor.id,
      action: 'admin.change_role',
      entity: 'user',
      entityId: id,
      before: { role: admin.role },
      after: { role },
    });
    return changed;
  });
  return {
    message: `${user.firstName} ${user.lastName} is now ${ADMIN_ROLE_LABELS[role]}.`,
    account: view(user),
  };
}
