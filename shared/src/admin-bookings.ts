import * as z from 'zod/mini';
import {
  countParam,
  dateRangeInOrder,
  dateRangeShape,
  pageNumberSchema,
  pageOf,
  rangeInOrder,
} from './admin-pages';
import { bookingStatusSchema } from './booking-status';
import { dollarsSchema } from './money';
import { serviceTypeSchema } from './services';

// The admin bookings tables (spec 2 "Admin bookings", "Admin dashboard"; §3 "Admin booking"):
// GET /api/admin/bookings pages, sorts and filters on the server; GET
// /api/admin/exports/bookings.csv answers every row the same filters match.

export const ADMIN_BOOKING_SORTS = [
  'client',
  'address',
  'scheduledDate',
  'totalHours',
  'provider',
  'status',
  'totalAmount',
  'createdAt',
] as const;
export const adminBookingSortSchema = z.enum(ADMIN_BOOKING_SORTS);
export type AdminBookingSort = z.infer<typeof adminBookingSortSchema>;

export const sortDirectionSchema = z.enum(['asc', 'desc']);
export type SortDirection = z.infer<typeof sortDirectionSchema>;

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;
/** `assigned`, `unassigned`, or one provider's id. */
export const providerFilterSchema = z.union([
  z.enum(['assigned', 'unassigned']),
  z.string().check(z.uuid('Provider must be assigned, unassigned or a provider id')),
]);

/**
 * The list's query, as the URL carries it: numbers arrive as text, a repeated `service` as an
 * array. Every field has a default or may be left out.
 */
export const adminBookingListQuerySchema = z
  .object({
    page: z._default(pageNumberSchema, 1),
    pageSize: z._default(countParam('Page size', Math.max(...PAGE_SIZES)), DEFAULT_PAGE_SIZE),
    sort: z._default(adminBookingSortSchema, 'scheduledDate'),
    dir: z._default(sortDirectionSchema, 'desc'),
    /** Any part of the client's name, e-mail, address, city or ZIP; each word must match. */
    q: z.optional(
      z.string().check(z.trim(), z.maxLength(100, 'Search must be at most 100 characters')),
    ),
    status: z.optional(bookingStatusSchema),
    service: z.optional(
      z.pipe(
        z.union([serviceTypeSchema, z.array(serviceTypeSchema).check(z.maxLength(4))]),
        z.transform((value) => (Array.isArray(value) ? value : [value])),
      ),
    ),
    provider: z.optional(providerFilterSchema),
    /** Scheduled on or after `from` and on or before `to`. */
    ...dateRangeShape,
  })
  .check(dateRangeInOrder);
export type AdminBookingListQuery = z.output<typeof adminBookingListQuerySchema>;

/** One row of the tables: spec 2 §3 "Admin booking", plus the service, time and provider's name. */
export const adminBookingRowSchema = z.object({
  id: z.string(),
  serviceType: serviceTypeSchema,
  clientFirstName: z.string(),
  clientLastName: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  /** Room keys with underscores (bedroom_1); house cleaning only. */
  selectedRooms: z.array(z.string()),
  scheduledDate: z.string(),
  scheduledTime: z.string(),
  totalHours: z.nullable(z.number()),
  providerId: z.nullable(z.string()),
  providerName: z.nullable(z.string()),
  status: bookingStatusSchema,
  totalAmount: dollarsSchema,
  /** An assigned carpet or rug job whose final price nobody confirmed (or the client approved). */
  priceToConfirm: z.boolean(),
  createdAt: z.string(),
});
export type AdminBookingRow = z.infer<typeof adminBookingRowSchema>;

/** GET /api/admin/bookings: one page, and how many rows all pages hold. */
export const adminBookingPageSchema = pageOf(adminBookingRowSchema);
export type AdminBookingPage = z.infer<typeof adminBookingPageSchema>;

/** The filters a page's URL may hold: the query without the page's fixed services. */
export type AdminBookingSearch = Partial<Omit<AdminBookingListQuery, 'service'>>;

const searchFields = adminBookingListQuerySchema.def.shape;
const SEARCH_KEYS = Object.keys(searchFields).filter(
  (key): key is keyof AdminBookingSearch => key !== 'service',
);

/**
 * A page's URL search read leniently: each field that parses is kept, any other dropped, so an
 * edited or stale link still opens the table (with that filter off) instead of an error.
 */
export function readAdminBookingSearch(raw: Record<string, unknown>): AdminBookingSearch {
  const search: Record<string, unknown> = {};
  for (const key of SEARCH_KEYS) {
    // The router reads `?q=55408` as a number; a search for a ZIP is still text.
    const value = key === 'q' && typeof raw[key] === 'number' ? String(raw[key]) : raw[key];
    if (value === undefined || value === '') continue;
    const parsed = searchFields[key].safeParse(value);
    if (parsed.success && parsed.data !== undefined) search[key] = parsed.data;
  }
  if (!rangeInOrder(search as AdminBookingSearch)) delete search.to;
  return search as AdminBookingSearch;
}

/** The URL query of a list read or CSV export: only what differs from the defaults. */
export function adminBookingQueryString(
  search: AdminBookingSearch,
  services: readonly string[] = [],
  options: { paging?: boolean } = {},
): string {
  const params = new URLSearchParams();
  const defaults = adminBookingListQuerySchema.parse({});
  for (const key of SEARCH_KEYS) {
    if (options.paging === false && (key === 'page' || key === 'pageSize')) continue;
    const value = search[key];
    if (value === undefined || value === '' || value === defaults[key]) continue;
    params.set(key, String(value));
  }
  for (const service of services) params.append('service', service);
  const text = params.toString();
  return text ? `?${text}` : '';
}
