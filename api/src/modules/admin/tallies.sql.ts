import type { Knex } from 'knex';
import type { AdminBookingFilters } from './bookings-filter';

/*
 * Reading the admin tallies (migration create-admin-tallies): logs of +n/-n per booking key
 * (service, derived status, provider) and of revenue changes, kept by triggers, summed here.
 * The day tallies (migration create-booking-day-tallies) are read in day-tallies.sql.ts.
 */

/**
 * The tally rows matching the filters, or undefined when a filter is not one of the tallies'
 * keys (a search or a date range): those must count the bookings themselves.
 */
function tallied(db: Knex, filters: AdminBookingFilters): Knex.QueryBuilder | undefined {
  if (filters.q?.trim() || filters.from || filters.to) return undefined;
  const query = db('booking_tallies as t');
  if (filters.service?.length) query.whereIn('t.serviceType', filters.service);
  if (filters.status) query.where('t.derivedStatus', filters.status);
  if (filters.provider === 'assigned') query.whereNotNull('t.providerId');
  else if (filters.provider === 'unassigned') query.whereNull('t.providerId');
  else if (filters.provider) query.where('t.providerId', filters.provider);
  return query;
}

/** How many bookings match, from the tallies; undefined when they cannot say. */
export async function tallyCount(
  db: Knex,
  filters: AdminBookingFilters,
): Promise<number | undefined> {
  const query = tallied(db, filters);
  if (!query) return undefined;
  const row = await query.sum({ n: 't.n' }).first();
  return Number(row?.n ?? 0);
}

/** How many match per provider (null: unassigned), from the tallies; undefined as above. */
export function tallyByProvider(
  db: Knex,
  filters: AdminBookingFilters,
): Knex.QueryBuilder | undefined {
  return tallied(db, filters)
    ?.select('t.providerId')
    .sum({ n: 't.n' })
    .groupBy('t.providerId')
    .havingRaw('sum(t.n) <> 0');
}

/** Bookings clocked out and not canceled, of every service. */
export async function completedJobs(db: Knex): Promise<number> {
  const row = await db('booking_tallies')
    .where({ derivedStatus: 'completed' })
    .sum({ n: 'n' })
    .first();
  return Number(row?.n ?? 0);
}

/** Every succeeded payment less its refunds, in cents. */
export async function revenueCents(db: Knex): Promise<number> {
  const row = await db('revenue_tallies').sum({ cents: 'cents' }).first();
  return Number(row?.cents ?? 0);
}

/**
 * Folds each log into one row per key. Each statement deletes the rows it can see and inserts
 * their sums: rows other transactions add meanwhile are not seen, so stay, and a reader's
 * snapshot holds either the rows or their sum, never both or neither.
 */
export async function compactTallies(db: Knex): Promise<void> {
  await db.raw(`
    WITH gone AS (DELETE FROM booking_tallies RETURNING service_type, derived_status, provider_id, n)
    INSERT INTO booking_tallies
      SELECT service_type, derived_status, provider_id, sum(n) FROM gone
      GROUP BY 1, 2, 3 HAVING sum(n) <> 0`);
  await db.raw(`
    WITH gone AS (DELETE FROM booking_day_tallies
                  RETURNING service_type, derived_status, scheduled_date, n)
    INSERT INTO booking_day_tallies
      SELECT service_type, derived_status, scheduled_date, sum(n) FROM gone
      GROUP BY 1, 2, 3 HAVING sum(n) <> 0`);
  await db.raw(`
    WITH gone AS (DELETE FROM revenue_tallies RETURNING cents)
    INSERT INTO revenue_tallies SELECT sum(cents) FROM gone HAVING count(*) > 0`);
}
