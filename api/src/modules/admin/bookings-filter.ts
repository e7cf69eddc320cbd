import type { AdminBookingListQuery } from '@twinclean/shared/admin-bookings';

/** What narrows the list (bookings-list.sql.ts's filtered); the CSV export takes the same. */
export type AdminBookingFilters = Omit<AdminBookingListQuery, 'page' | 'pageSize'>;
