import type { Knex } from 'knex';
import { FITS_SQL, withStretches } from '../../core/availability-fit';
import { PushSubscription } from '../../models/push-subscription';

/**
 * The push subscriptions of providers whose active availability covers this job, by the job
 * board's own rule (fit.ts): one query for the providers, one for their subscriptions.
 */
export async function subscriptionsCoveringJob(
  db: Knex,
  bookingId: string,
): Promise<PushSubscription[]> {
  // Only providers who subscribed, and not deactivated: the others' slots need not be merged.
  const slots = db('availabilitySlots as slot')
    .join('users', 'users.id', 'slot.providerId')
    .where({ 'slot.isActive': true, 'users.role': 'provider' })
    .whereNull('users.deactivatedAt')
    .whereExists(
      db('pushSubscriptions').whereRaw('?? = ??', ['pushSubscriptions.userId', 'slot.providerId']),
    )
    .select('slot.providerId', 'slot.dayOfWeek', 'slot.startTime', 'slot.endTime');
  const covering = withStretches(db, db('stretches'), slots)
    .join('bookings', (on) => on.onVal('bookings.id', bookingId))
    .whereRaw(FITS_SQL)
    .select('stretches.providerId');
  return PushSubscription.query(db).whereIn('userId', covering);
}
