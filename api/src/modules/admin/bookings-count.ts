import type { Knex } from 'knex';
import { type AdminBookingFilters, filtered } from './bookings-filter';
import { tallyCount } from './tallies';

/**
 * How many bookings match the filters. At 100,000 bookings this was the costly part of a page
 * (its rows are 25 index entries, its count may be 70,000), so service, status and provider are
 * answered from the tallies; a search or a date range narrows the bookings enough to count them.
 */
export async function countAdminBookings(db: Knex, filters: AdminBookingFilters): Promise<number> {
  const tallied = await tallyCount(db, filters);
  if (tallied !== undefined) return tallied;
  const row = await filtered(db, filters).count({ n: '*' }).first();
  return Number(row?.n ?? 0);
}
