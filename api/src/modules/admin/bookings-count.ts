import type { Knex } from 'knex';
import { type AdminBookingFilters, filtered } from './bookings-filter';

/**
 * How many bookings match the filters. At 100,000 bookings this is the costly part of a page (its
 * rows are 25 index entries, its count may be 70,000), so for a service and status it is an
 * index-only scan of a small deduplicated index (bookings_admin_counts), and for a provider one
 * of the provider index (migration index-bookings-admin-lists).
 */
export async function countAdminBookings(db: Knex, filters: AdminBookingFilters): Promise<number> {
  const row = await filtered(db, filters).count({ n: '*' }).first();
  return Number(row?.n ?? 0);
}
