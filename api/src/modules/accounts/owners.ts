import type { Knex } from 'knex';
import { lockKey } from '../../db/locks';
import { AppError } from '../../errors';
import { User } from '../../models/user';

/**
 * Taken first by every change to an admin's role or state: two owners demoting or deactivating
 * each other at once run one after the other, so the second sees the first's change and the
 * last owner stays.
 */
export const lockAdminAccounts = (trx: Knex.Transaction) => lockKey(trx, 'admin-accounts');

/** Refuses a change that would leave no active admin_owner (nobody could manage admins). */
export async function keepAnOwner(trx: Knex.Transaction, target: User, action: string) {
  if (target.role !== 'admin_owner' || target.deactivatedAt) return;
  const others = await User.query(trx)
    .where({ role: 'admin_owner' })
    .whereNull('deactivatedAt')
    .whereNot({ id: target.id })
    .resultSize();
  if (others === 0) {
    throw new AppError(
      409,
      'last_owner',
      `You cannot ${action} the last active owner. Make another admin an owner first.`,
    );
  }
}
