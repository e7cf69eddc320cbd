import type { Knex } from 'knex';
import { providersFitting } from '../../core/availability-fit.sql';

/**
 * The providers whose active availability covers this job, by the job board's own rule
 * (availability-fit.sql.ts), as a subquery answering `provider_id`: only providers who subscribed
 * to alerts and are not deactivated, so that the others' slots need not be merged.
 */
export function providersCoveringJob(db: Knex, bookingId: string): Knex.QueryBuilder {
  const slots = db('availabilitySlots as slot')
    .join('users', 'users.id', 'slot.providerId')
    .where({ 'slot.isActive': true, 'users.role': 'provider' })
    .whereNull('users.deactivatedAt')
    .whereExists(
      db('pushSubscriptions').whereRaw('?? = ??', ['pushSubscriptions.userId', 'slot.providerId']),
    )
    .select('slot.providerId', 'slot.dayOfWeek', 'slot.startTime', 'slot.endTime');
  return providersFitting(db, slots, bookingId);
}
