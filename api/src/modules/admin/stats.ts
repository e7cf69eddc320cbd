import type { AdminStats } from '@twinclean/shared/admin';
import { centsToDollars } from '@twinclean/shared/money';
import type { Knex } from 'knex';
import { MEMBER_STATUSES } from '../subscriptions/membership';

const count = async (query: Knex.QueryBuilder) =>
  Number((await query.count({ n: '*' }).first())?.n ?? 0);

/**
 * The dashboard's cards (spec 2 "Admin dashboard"), each one query, run side by side; at 100,000
 * bookings the two large ones are index-only scans (payments_succeeded_amounts and
 * bookings_admin_counts), not reads of the tables.
 */
export async function adminStats(db: Knex): Promise<AdminStats> {
  const [revenue, activeSubscriptions, jobsCompleted, activeProviders] = await Promise.all([
    db('payments')
      .where({ status: 'succeeded' })
      .select(db.raw('COALESCE(SUM(amount_cents - refunded_cents), 0)::bigint AS cents'))
      .first(),
    count(db('subscriptions').whereIn('status', MEMBER_STATUSES)),
    // Completed is clocked out and not canceled, as the derived status says, which is indexed.
    count(db('bookings').where({ derivedStatus: 'completed' })),
    count(db('users').where({ role: 'provider' })),
  ]);
  return {
    revenue: centsToDollars(Number(revenue?.cents ?? 0)),
    activeSubscriptions,
    jobsCompleted,
    activeProviders,
  };
}
