import type { Knex } from 'knex';
import { type AdminBookingFilters, filtered } from './bookings-filter';

// How many bookings match. At 100,000 bookings this is the costly part of a page (a page's rows
// are 25 index entries; its count may be 70,000), so each count is an index-only scan of a
// small, deduplicated index: bookings_admin_counts for a service and status, the provider index
// for a provider (migration index-bookings-admin-lists).

/** How many bookings match the filters. */
export async function countAdminBookings(db: Knex, filters: AdminBookingFilters): Promise<number> {
  const row = await filtered(db, filters).count({ n: '*' }).first();
  return Number(row?.n ?? 0);
}

/** How many match per provider (null: unassigned); providers with none are left out. */
export async function countByProvider(
  db: Knex,
  filters: AdminBookingFilters,
): Promise<{ providerId: string | null; n: number }[]> {
  const rows: { providerId: string | null; n: number | string }[] = await filtered(db, filters)
    .select('b.providerId')
    .count({ n: '*' })
    .groupBy('b.providerId');
  return rows.map((row) => ({ providerId: row.providerId, n: Number(row.n) }));
}
