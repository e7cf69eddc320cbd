import type { AdminStats } from '@twinclean/shared/admin';
import { centsToDollars } from '@twinclean/shared/money';
import type { Knex } from 'knex';
import { Subscription } from '../../models/subscription';
import { User } from '../../models/user';
import { MEMBER_STATUSES } from '../subscriptions/membership';
import { completedJobs, revenueCents } from './tallies.sql';

/**
 * The dashboard's cards (spec 2 "Admin dashboard"), each one query, run side by side; the two
 * that would read 100,000 bookings or payments are sums of their tallies (./tallies.sql.ts).
 */
export async function adminStats(db: Knex): Promise<AdminStats> {
  const [revenue, activeSubscriptions, jobsCompleted, activeProviders] = await Promise.all([
    revenueCents(db),
    Subscription.query(db).whereIn('status', MEMBER_STATUSES).resultSize(),
    // Completed is clocked out and not canceled, as the derived status says.
    completedJobs(db),
    User.query(db).where({ role: 'provider' }).resultSize(),
  ]);
  return {
    revenue: centsToDollars(revenue),
    activeSubscriptions,
    jobsCompleted,
    activeProviders,
  };
}
