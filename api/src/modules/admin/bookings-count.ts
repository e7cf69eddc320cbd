import type { Knex } from 'knex';
import type { AdminBookingFilters } from './bookings-filter';
import { countMatching } from './bookings-list.sql';
import { dayTallyCount } from './day-tallies.sql';
import { tallyCount } from './tallies.sql';

/**
 * A count the tallies cannot answer (a search) stops past this many, or past the page asked for
 * if that is farther. "lovelace" among a million bookings matched 11,675 house bookings: counting
 * them all rechecked 16,679 trigram candidates, four fifths of the list's database time, for a
 * figure nobody pages through (README, "Admin tables at 1,000,000 bookings").
 */
const COUNT_UP_TO = 1_000;

/** How many match; `atLeast` when the count stopped and more match than `total`. */
export type Counted = { total: number; atLeast: boolean };

/**
 * How many bookings match the filters. At 100,000 bookings this was the costly part of a page
 * (its rows are 25 index entries, its count may be 70,000), so service, status and provider are
 * answered from the tallies, a date range with service and status from the day tallies (half a
 * year of a million bookings is 300,000 to count); a search is counted up to COUNT_UP_TO, and so
 * is a provider within a date range.
 */
export async function countAdminBookings(
  db: Knex,
  filters: AdminBookingFilters,
  lastOnPage: number,
): Promise<Counted> {
  const tallied = (await tallyCount(db, filters)) ?? (await dayTallyCount(db, filters));
  if (tallied !== undefined) return { total: tallied, atLeast: false };
  const upTo = Math.max(COUNT_UP_TO, lastOnPage);
  const counted = await countMatching(db, filters, upTo + 1);
  return counted > upTo ? { total: upTo, atLeast: true } : { total: counted, atLeast: false };
}
