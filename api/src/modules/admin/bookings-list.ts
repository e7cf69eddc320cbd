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
  // The total first (a sum of tallies, or a search's count), for the page's shorter way.
  const { total, atLeast } = await countAdminBookings(db, filters, page * pageSize);
  const rows = await pageRows(db, filters, page, pageSize, atLeast ? Infinity : total);
  const items = rows.map(toAdminRow);
  return atLeast
    ? { items, total, totalAtLeast: true, page, pageSize }
    : { items, total, page, pageSize };
}
