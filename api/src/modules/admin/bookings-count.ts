import type { Knex } from 'knex';
import type { AdminBookingFilters } from './bookings-filter';
import { countMatching } from './bookings-list.sql';
import { tallyCount } from './tallies.sql';

/**
 * How many bookings match the filters. At 100,000 bookings this was the costly part of a page
 * (its rows are 25 index entries, its count may be 70,000), so service, status and provider are
 * answered from the tallies; a search or a date range narrows the bookings enough to count them.
 */
export async function countAdminBookings(db: Knex, filters: AdminBookingFilters): Promise<number> {
  return (await tallyCount(db, filters)) ?? countMatching(db, filters);
}
