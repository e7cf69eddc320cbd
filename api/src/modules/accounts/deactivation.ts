import type { DeactivationAnswer } from '@twinclean/shared/admin-accounts';
import type { CurrentUser } from '@twinclean/shared/auth';
import { isAdminRole } from '@twinclean/shared/roles';
import type { Knex } from 'knex';
import { audit } from '../../core/audit';
import { AppError, notFound } from '../../errors';
import { Session } from '../../models/session';
import { User } from '../../models/user';
import { keepAnOwner, lockAdminAccounts } from './owners';

const answer = (user: Pick<User, 'id' | 'deactivatedAt'>): DeactivationAnswer => ({
  id: user.id,
  deactivatedAt: user.deactivatedAt ? user.deactivatedAt.toISOString() : null,
});

/**
 * The account an admin may (de)activate, locked: both admin roles may change clients and
 * providers, only admin_owner other admins (DECISIONS.md "Roles"), and nobody their own.
 */
async function target(trx: Knex.Transaction, actor: CurrentUser, id: string, verb: string) {
  await lockAdminAccounts(trx);
  const user = await User.query(trx).findById(id).forUpdate();
  if (!user) throw notFound('Account');
  if (user.id === actor.id) {
    throw new AppError(409, 'own_account', `You cannot ${verb} your own account.`);
  }
  if (isAdminRole(user.role) && actor.role !== 'admin_owner') {
    throw new AppError(403, 'owner_only', `Only an owner can ${verb} an admin account.`);
  }
  return user;
}

/**
 * Stops an account signing in and ends its sessions at once (DECISIONS.md "Admin operations").
 * Once is enough: deactivating a deactivated account answers its state and changes nothing.
 */
export async function deactivateAccount(
  db: Knex,
  actor: CurrentUser,
  id: string,
): Promise<DeactivationAnswer> {
  return db.transaction(async (trx) => {
    const user = await target(trx, actor, id, 'deactivate');
    if (user.deactivatedAt) return answer(user);
    await keepAnOwner(trx, user, 'deactivate');
    const deactivatedAt = new Date();
    await User.query(trx).patch({ deactivatedAt, deactivatedBy: actor.id }).where({ id });
    await Session.query(trx).where({ userId: id }).delete();
    await audit(trx, {
      actorId: actor.id,
      action: 'user.deactivate',
      entity: 'user',
      entityId: id,
      before: { deactivatedAt: null, deactivatedBy: null },
      after: { deactivatedAt: deactivatedAt.toISOString(), deactivatedBy: actor.id },
    });
    return answer({ id, deactivatedAt });
  });
}

/** Lets a deactivated account sign in again (with the password it had). */
export async function reactivateAccount(
  db: Knex,
  actor: CurrentUser,
  id: string,
): Promise<DeactivationAnswer> {
  return db.transaction(async (trx) => {
    const user = await target(trx, actor, id, 'reactivate');
    if (!user.deactivatedAt) return answer(user);
    await User.query(trx).patch({ deactivatedAt: null, deactivatedBy: null }).where({ id });
    await audit(trx, {
      actorId: actor.id,
      action: 'user.reactivate',
      entity: 'user',
      entityId: id,
      before: {
        deactivatedAt: user.deactivatedAt.toISOString(),
        deactivatedBy: user.deactivatedBy,
      },
      after: { deactivatedAt: null, deactivatedBy: null },
    });
    return answer({ id, deactivatedAt: null });
  });
}
