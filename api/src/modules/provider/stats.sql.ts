import type { Knex } from 'knex';

// The provider dashboard's figures: sums over their payouts and a count of their finished jobs.

export type Earnings = { total: number; paid: number; hours: number };

/**
 * The provider's payouts earned after `since`: their total and paid cents, and the paid hours
 * (hours an admin has not approved count in neither).
 */
export async function earningsSince(db: Knex, providerId: string, since: Date): Promise<Earnings> {
  return db('payouts')
    .where({ providerId })
    .where('createdAt', '>', since)
    .first(
      db.raw('coalesce(sum(total_amount_cents), 0)::int AS total'),
      db.raw("coalesce(sum(total_amount_cents) FILTER (WHERE status = 'paid'), 0)::int AS paid"),
      db.raw('coalesce(sum(hours_paid), 0)::float AS hours'),
    );
}

/** How many of the provider's jobs they have clocked out of. */
export async function finishedJobCount(db: Knex, providerId: string): Promise<number> {
  const row = await db('bookings')
    .where({ providerId })
    .whereNotNull('clockOutAt')
    .count({ n: '*' })
    .first();
  return Number(row?.n ?? 0);
}
