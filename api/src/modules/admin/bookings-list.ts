import type { AdminBookingListQuery, AdminBookingPage } from '@twinclean/shared/admin-bookings';
import type { Knex } from 'knex';
import { pageByProvider } from './bookings-by-provider';
import { countAdminBookings } from './bookings-count';
import { pageRows } from './bookings-list.sql';
import { toAdminRow } from './bookings-rows';

/** GET /api/admin/bookings: one page of the matching bookings and how many match. */
export async function listAdminBookings(
  db: Knex,
  query: AdminBookingListQuery,
): Promise<AdminBookingPage> {
  const { page, pageSize, ...filters } = query;
  if (filters.sort === 'provider') {
    const { rows, total } = await pageByProvider(db, filters, page, pageSize);
    return { items: rows.map(toAdminRow), total, page, pageSize };
  }
  // The total first (a sum of tallies, or a count of a search's few), for the page's shorter way.
  const total = await countAdminBookings(db, filters);
  const rows = await pageRows(db, filters, page, pageSize, total);
  return { items: rows.map(toAdminRow), total, page, pageSize };
}
