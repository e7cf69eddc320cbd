import type { Knex } from 'knex';
import type { AdminBookingFilters } from './bookings-filter';
import { countMatching } from './bookings-list.sql';
import { dayTallyCount } from './day-tallies.sql';
import { tallyCount } from './tallies.sql';

/**
 * How many bookings match the filters. At 100,000 bookings this was the costly part of a page
 * (its rows are 25 index entries, its count may be 70,000), so service, status and provider are
 * answered from the tallies, a date range with service and status from the day tallies (half a
 * year of a million bookings is 300,000 to count); a search narrows the bookings enough to count
 * them, and so does a provider within a date range.
 */
export async function countAdminBookings(db: Knex, filters: AdminBookingFilters): Promise<number> {
  return (
    (await tallyCount(db, filters)) ??
    (await dayTallyCount(db, filters)) ??
    countMatching(db, filters)
  );
}
