import type { PushSubscriptionInput } from '@twinclean/shared/push';
import type { Knex } from 'knex';
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
  await db.transaction(async (trx) => {
    await trx('pushSubscriptions')
      .insert({
        userId,
        endpoint: subscription.endpoint,
        p256dh: subscription.keys.p256dh,
        auth: subscription.keys.auth,
        userAgent: userAgent.slice(0, 500) || null,
      })
      .onConflict('endpoint')
      .merge({
        userId,
        p256dh: subscription.keys.p256dh,
        auth: subscription.keys.auth,
        userAgent: userAgent.slice(0, 500) || null,
        createdAt: trx.fn.now(),
      });
    const newest = trx('pushSubscriptions')
      .select('id')
      .where({ userId })
      .orderBy('createdAt', 'desc')
      .limit(MAX_DEVICES);
    await trx('pushSubscriptions').where({ userId }).whereNotIn('id', newest).delete();
  });
}

/** This phone stops alerting this provider (another provider's subscription is left alone). */
export async function forgetSubscription(userId: string, endpoint: string): Promise<void> {
  await PushSubscription.query().delete().where({ userId, endpoint });
}
