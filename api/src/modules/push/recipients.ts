import type { Knex } from 'knex';
import { PushSubscription } from '../../models/push-subscription';
import { providersCoveringJob } from './recipients.sql';

/**
 * The push subscriptions of providers whose active availability covers this job, by the job
 * board's own rule: one query, the providers (recipients.sql.ts) a subquery of it.
 */
export async function subscriptionsCoveringJob(
  db: Knex,
  bookingId: string,
): Promise<PushSubscription[]> {
  return PushSubscription.query(db).whereIn('userId', providersCoveringJob(db, bookingId));
}
