import type { PushSubscriptionInput } from '@twinclean/shared/push';
import type { Knex } from 'knex';
import { fn } from 'objection';
import { PushSubscription } from '../../models/push-subscription';

/** More phones than anyone carries: older ones beyond this stop getting alerts. */
export const MAX_DEVICES = 10;

/**
 * This phone now alerts this provider. An endpoint belongs to one browser, so when another
 * provider signs in on the same phone it moves to them.
 */
export async function saveSubscription(
  db: Knex,
  userId: string,
  subscription: PushSubscriptionInput,
  userAgent: string,
): Promise<void> {
  const keys = {
    userId,
    p256dh: subscription.keys.p256dh,
    auth: subscription.keys.auth,
    userAgent: userAgent.slice(0, 500) || null,
  };
  await db.transaction(async (trx) => {
    await PushSubscription.query(trx)
      .insert({ ...keys, endpoint: subscription.endpoint })
      .onConflict('endpoint')
      .merge({ ...keys, createdAt: fn.now() });
    const newest = PushSubscription.query(trx)
      .select('id')
      .where({ userId })
      .orderBy('createdAt', 'desc')
      .limit(MAX_DEVICES);
    await PushSubscription.query(trx).delete().where({ userId }).whereNotIn('id', newest);
  });
}

/** This phone stops alerting this provider (another provider's subscription is left alone). */
export async function forgetSubscription(userId: string, endpoint: string): Promise<void> {
  await PushSubscription.query().delete().where({ userId, endpoint });
}
