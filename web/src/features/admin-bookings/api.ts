import { queryOptions } from '@tanstack/react-query';
import { providerChoicesSchema } from '@twinclean/shared/admin';
import {
  type AdminBookingSearch,
  adminBookingPageSchema,
  adminBookingQueryString,
} from '@twinclean/shared/admin-bookings';
import { getJson } from '@twinclean/shared/http';
import type { ServiceType } from '@twinclean/shared/services';

// Keys are the URL they read, in segments (web/src/lib/session.ts): a booking's details are
// ['/api/admin/bookings', id], so an admin action there refreshes these lists too.

export const adminBookingListKeys = {
  all: ['/api/admin/bookings'] as const,
  list: (search: AdminBookingSearch, services: readonly ServiceType[]) =>
    [...adminBookingListKeys.all, { ...search, services }] as const,
};

export const adminBookingsQueryOptions = (
  search: AdminBookingSearch,
  services: readonly ServiceType[],
) =>
  queryOptions({
    queryKey: adminBookingListKeys.list(search, services),
    queryFn: async () =>
      adminBookingPageSchema.parse(
        await getJson(`/api/admin/bookings${adminBookingQueryString(search, services)}`),
      ),
    // Clients book and providers punch while an admin watches: a revisit asks again.
    staleTime: 10_000,
  });

/** The CSV of every booking the table's filters match, in its order (no paging). */
export const exportHref = (search: AdminBookingSearch, services: readonly ServiceType[]) =>
  `/api/admin/exports/bookings.csv${adminBookingQueryString(search, services, { paging: false })}`;

export const providerChoicesQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/admin/provider-choices'] as const,
    queryFn: async () => providerChoicesSchema.parse(await getJson('/api/admin/provider-choices')),
  });
