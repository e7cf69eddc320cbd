import { queryOptions } from '@tanstack/react-query';
import { clientBookingSchema, clientBookingSummarySchema } from '@twinclean/shared/client-bookings';
import { getJson } from '@twinclean/shared/http';
import { receiptSchema } from '@twinclean/shared/payments';
import * as z from 'zod/mini';

// The client portal's reads. Keys are the URL they read, in segments (web/src/lib/session.ts):
// the booking wizard invalidates '/api/bookings', so a new booking shows on the dashboard.

export const clientBookingKeys = {
  all: ['/api/bookings'] as const,
  detail: (id: string) => [...clientBookingKeys.all, id] as const,
};

export const receiptKeys = {
  all: ['/api/invoices'] as const,
  detail: (id: string) => [...receiptKeys.all, id] as const,
};

export const clientBookingsQueryOptions = () =>
  queryOptions({
    queryKey: clientBookingKeys.all,
    queryFn: async () => z.array(clientBookingSummarySchema).parse(await getJson('/api/bookings')),
  });

export const clientBookingQueryOptions = (id: string) =>
  queryOptions({
    queryKey: clientBookingKeys.detail(id),
    queryFn: async () =>
      clientBookingSchema.parse(await getJson(`/api/bookings/${encodeURIComponent(id)}`)),
  });

export const receiptsQueryOptions = () =>
  queryOptions({
    queryKey: receiptKeys.all,
    queryFn: async () => z.array(receiptSchema).parse(await getJson('/api/invoices')),
  });

export const receiptQueryOptions = (id: string) =>
  queryOptions({
    queryKey: receiptKeys.detail(id),
    queryFn: async () =>
      receiptSchema.parse(await getJson(`/api/invoices/${encodeURIComponent(id)}`)),
  });
