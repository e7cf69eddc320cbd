import type {
  AdminBookingListQuery,
  AdminBookingPage,
  AdminBookingSort,
} from '@twinclean/shared/admin-bookings';
import type { Knex } from 'knex';
import { pageByProvider } from './bookings-by-provider';
import { countAdminBookings } from './bookings-count';
import { type AdminBookingFilters, filtered } from './bookings-filter';
import { type AdminBookingRecord, toAdminRow, withRowColumns } from './bookings-rows';

/**
 * Each sort's columns, ahead of the id that breaks ties so pages never overlap or skip. Each
 * list is the tail of an index that leads with service_type (migration index-bookings-admin-lists),
 * so a page of one service is read in order from the index; provider sorts on the joined name.
 */
const SORT_KEYS: Record<AdminBookingSort, string[]> = {
  client: ['b.client_first_name', 'b.client_last_name'],
  address: ['b.address', 'b.city'],
  scheduledDate: ['b.scheduled_date', 'b.scheduled_time'],
  totalHours: ['b.total_hours'],
  // The provider's id keeps two providers of one name apart (bookings-by-provider.ts pages by it).
  provider: ['provider_name', 'b.provider_id'],
  status: ['b.derived_status', 'b.scheduled_date', 'b.scheduled_time'],
  totalAmount: ['b.total_amount_cents'],
  createdAt: ['b.created_at'],
};

/** The ORDER BY of a sort: its keys, then the id, all one way. */
function orderOf(filters: AdminBookingFilters): string {
  const direction = filters.dir === 'asc' ? 'ASC' : 'DESC';
  return [...SORT_KEYS[filters.sort], 'b.id'].map((key) => `${key} ${direction}`).join(', ');
}

/**
 * The ids of one page, found before any row is read: the sort's index alone answers which they
 * are (an index-only scan for the plain sorts), so page 2,000 costs a walk along an index rather
 * than 50,000 rows read, joined and thrown away. A page past the middle is walked to from the
 * far end, the order reversed: the walk is never longer than half the matches.
 */
function pageIds(
  db: Knex,
  filters: AdminBookingFilters,
  page: number,
  pageSize: number,
  total: number,
) {
  const offset = (page - 1) * pageSize;
  const fromEnd = offset > total / 2;
  const limit = fromEnd ? Math.max(Math.min(pageSize, total - offset), 0) : pageSize;
  const reversed: AdminBookingFilters = { ...filters, dir: filters.dir === 'asc' ? 'desc' : 'asc' };
  return filtered(db, filters)
    .select('b.id')
    .orderByRaw(orderOf(fromEnd ? reversed : filters))
    .limit(limit)
    .offset(fromEnd ? Math.max(total - offset - limit, 0) : offset);
}

/** Every matching booking in order, as SQL with its bindings (the export runs it in a cursor). */
export function adminBookingsSql(db: Knex, filters: AdminBookingFilters): Knex.Sql {
  return withRowColumns(db, filtered(db, filters)).orderByRaw(orderOf(filters)).toSQL();
}

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
  const rows: AdminBookingRecord[] = await withRowColumns(
    db,
    db
      .from(pageIds(db, filters, page, pageSize, total).as('page'))
      .join('bookings as b', 'b.id', 'page.id'),
  ).orderByRaw(orderOf(filters));
  return { items: rows.map(toAdminRow), total, page, pageSize };
}
