import type { AdminProvider } from '@twinclean/shared/admin-people';
import type { Knex } from 'knex';
import { audit } from '../../core/audit';
import { notFound } from '../../errors';
import { User } from '../../models/user';
import { providerDetails } from './provider-details';

type VipMark = Pick<User, 'vipMarkedAt' | 'vipMarkedBy'>;

/**
 * POST /api/admin/providers/{id}/vip: an admin marks a provider VIP, or clears the mark
 * (DECISIONS.md "Admin operations"). The row lock makes two admins' clicks one change each in
 * turn; asking for what already holds changes nothing and records nothing, so a retry is harmless.
 */
export async function setVip(
  db: Knex,
  actorId: string,
  id: string,
  vip: boolean,
): Promise<AdminProvider> {
  await db.transaction(async (trx) => {
    const provider = await User.query(trx)
      .select('vipMarkedAt', 'vipMarkedBy')
      .findOne({ id, role: 'provider' })
      .forUpdate();
    if (!provider) throw notFound('Provider');
    if ((provider.vipMarkedAt !== null) === vip) return;
    const after: VipMark = vip
      ? { vipMarkedAt: new Date(), vipMarkedBy: actorId }
      : { vipMarkedAt: null, vipMarkedBy: null };
    // updated_at is the model's to set (TimestampedModel).
    await User.query(trx).patch(after).where({ id });
    await audit(trx, {
      actorId,
      action: vip ? 'provider.mark_vip' : 'provider.unmark_vip',
      entity: 'provider',
      entityId: id,
      before: {
        vipMarkedAt: provider.vipMarkedAt?.toISOString() ?? null,
        vipMarkedBy: provider.vipMarkedBy,
      },
      after: {
        vipMarkedAt: after.vipMarkedAt?.toISOString() ?? null,
        vipMarkedBy: after.vipMarkedBy,
      },
    });
  });
  return providerDetails(db, id);
}
