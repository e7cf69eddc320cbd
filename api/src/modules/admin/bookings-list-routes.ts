import { adminBookingListQuerySchema } from '@twinclean/shared/admin-bookings';
import type { Knex } from 'knex';
import { ADMIN } from '../../core/admin-access';
import { type Route, route } from '../../http/route';
import { exportAdminBookings, exportFileName } from './bookings-export';
import { listAdminBookings } from './bookings-list';

/** The admin bookings tables (spec 2 "Admin bookings") and their CSV export. */
export function adminBookingListRoutes(db: Knex): Route[] {
  return [
    route(
      {
        method: 'GET',
        path: '/api/admin/bookings',
        access: ADMIN,
        query: adminBookingListQuerySchema,
      },
      (_ctx, { query }) => listAdminBookings(db, query),
    ),
    route(
      {
        method: 'GET',
        path: '/api/admin/exports/bookings.csv',
        access: ADMIN,
        query: adminBookingListQuerySchema,
      },
      async (ctx, { query: { page: _page, pageSize: _pageSize, ...filters } }) => {
        const file = await exportAdminBookings(db, filters);
        ctx.type = 'text/csv; charset=utf-8';
        ctx.attachment(exportFileName(new Date()));
        return file;
      },
    ),
  ];
}
