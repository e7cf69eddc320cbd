import type { AdminStats } from '@twinclean/shared/admin';
import { centsToDollars } from '@twinclean/shared/money';
import type { Knex } from 'knex';
import { MEMBER_STATUSES } from '../subscriptions/membership';
import { completedJobs, revenueCents } from './tallies';

const count = async (query: Knex.QueryBuilder) =>
  Number((await query.count({ n: '*' }).first())?.n ?? 0);

/**
 * The dashboard's cards (spec 2 "Admin dashboard"), each one query, run side by side; the two
 * that would read 100,000 bookings or payments are sums of their tallies (./tallies.ts).
 */
export async function adminStats(db: Knex): Promise<AdminStats> {
  const [revenue, activeSubscriptions, jobsCompleted, activeProviders] = await Promise.all([
    revenueCents(db),
    count(db('subscriptions').whereIn('status', MEMBER_STATUSES)),
    // Completed is clocked out and not canceled, as the derived status says.
    completedJobs(db),
    count(db('users').where({ role: 'provider' })),
  ]);
  return {
    revenue: centsToDollars(revenue),
    activeSubscriptions,
    jobsCompleted,
    activeProviders,
  };
}
