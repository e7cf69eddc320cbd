import type { Knex } from 'knex';
import { PushSubscription } from '../../models/push-subscription';
import { fitsSlots, type Slot } from '../provider/job-board';

const PROVIDERS_PER_QUERY = 500;

/**
 * The push subscriptions of providers whose active availability covers this job, by the job
 * board's own rule: one SELECT per provider that subscribed and works that weekday, unioned
 * into one round trip per 500 providers.
 */
export async function subscriptionsCoveringJob(
  db: Knex,
  bookingId: string,
): Promise<PushSubscription[]> {
  const slots: (Slot & { providerId: string })[] = await db('availabilitySlots as slot')
    .join('users', 'users.id', 'slot.providerId')
    .where({ 'slot.isActive': true, 'users.role': 'provider' })
    .whereIn('slot.dayOfWeek', db('bookings').select('scheduledDayOfWeek').where('id', bookingId))
    .whereExists(
      db('pushSubscriptions').whereRaw('?? = ??', ['pushSubscriptions.userId', 'slot.providerId']),
    )
    .select('slot.providerId', 'slot.dayOfWeek', 'slot.startTime', 'slot.endTime');
  const byProvider = new Map<string, Slot[]>();
  for (const { providerId, ...slot } of slots) {
    byProvider.set(providerId, [...(byProvider.get(providerId) ?? []), slot]);
  }
  const covering: string[] = [];
  const providers = [...byProvider];
  // A few hundred providers a query keeps well under PostgreSQL's bind-parameter limit.
  for (let i = 0; i < providers.length; i += PROVIDERS_PER_QUERY) {
    const [first, ...rest] = providers.slice(i, i + PROVIDERS_PER_QUERY).map(([providerId, own]) =>
      db('bookings')
        .select(db.raw('?::uuid as provider_id', [providerId]))
        .where('id', bookingId)
        .where(fitsSlots(own)),
    );
    if (!first) break;
    const rows: { providerId: string }[] = rest.length ? await first.unionAll(rest) : await first;
    covering.push(...rows.map((row) => row.providerId));
  }
  if (covering.length === 0) return [];
  return PushSubscription.query(db).whereIn('userId', covering);
}
