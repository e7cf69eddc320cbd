import * as z from 'zod/mini';
import { sortDirectionSchema } from './admin-bookings';
import { countParam, pageNumberSchema, pageOf } from './admin-pages';
import { bookingStatusSchema } from './booking-status';
import { dollarsSchema } from './money';
import { gatewayNameSchema, paymentKindSchema } from './payments';
import { subscriptionTypeSchema } from './roles';
import { serviceTypeSchema } from './services';
import { planSchema, subscriptionStatusSchema } from './subscriptions';

// The admin Clients and Providers pages (issue 17; DECISIONS.md "Admin operations"): lists
// paged, sorted and searched on the server, one person's details, and the VIP mark.

export const PEOPLE_PAGE_SIZES = [10, 25, 50, 100] as const;
export const PEOPLE_PAGE_SIZE = 25;

/** An account's state: deactivated accounts cannot sign in (DECISIONS.md "Admin operations"). */
export const accountStateSchema = z.enum(['active', 'deactivated']);
export type AccountState = z.infer<typeof accountStateSchema>;

/** The query fields both lists share, as the URL carries them. */
const listShape = {
  page: z._default(pageNumberSchema, 1),
  pageSize: z._default(countParam('Page size', Math.max(...PEOPLE_PAGE_SIZES)), PEOPLE_PAGE_SIZE),
  dir: z._default(sortDirectionSchema, 'asc'),
  /** Any part of the name, e-mail or phone; each word must match. */
  q: z.optional(
    z.string().check(z.trim(), z.maxLength(100, 'Search must be at most 100 characters')),
  ),
  state: z.optional(accountStateSchema),
};

export const ADMIN_CLIENT_SORTS = [
  'name',
  'email',
  'bookings',
  'totalPaid',
  'lastBooking',
  'createdAt',
] as const;
export type AdminClientSort = (typeof ADMIN_CLIENT_SORTS)[number];

/** GET /api/admin/clients. */
export const adminClientListQuerySchema = z.object({
  ...listShape,
  sort: z._default(z.enum(ADMIN_CLIENT_SORTS), 'name'),
  membership: z.optional(subscriptionTypeSchema),
});
export type AdminClientListQuery = z.output<typeof adminClientListQuerySchema>;
export type AdminClientSearch = Partial<AdminClientListQuery>;

export const ADMIN_PROVIDER_SORTS = [
  'name',
  'rating',
  'jobsDone',
  'weekHours',
  'weekEarnings',
  'monthHours',
  'monthEarnings',
  'createdAt',
] as const;
export type AdminProviderSort = (typeof ADMIN_PROVIDER_SORTS)[number];

/** GET /api/admin/providers. */
export const adminProviderListQuerySchema = z.object({
  ...listShape,
  sort: z._default(z.enum(ADMIN_PROVIDER_SORTS), 'name'),
});
export type AdminProviderListQuery = z.output<typeof adminProviderListQuerySchema>;
export type AdminProviderSearch = Partial<AdminProviderListQuery>;

type ListSchema = typeof adminClientListQuerySchema | typeof adminProviderListQuerySchema;

/**
 * A list page's URL search read leniently: each field that parses is kept, any other dropped, so
 * an edited or stale link still opens the table (with that filter off) instead of an error.
 */
export function readPeopleSearch<S extends ListSchema>(
  schema: S,
  raw: Record<string, unknown>,
): Partial<z.output<S>> {
  const search: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.def.shape)) {
    // The router reads `?q=6125550100` as a number; a search for a phone is still text.
    const value = key === 'q' && typeof raw[key] === 'number' ? String(raw[key]) : raw[key];
    if (value === undefined || value === '') continue;
    const parsed = (field as z.ZodMiniType).safeParse(value);
    if (parsed.success && parsed.data !== undefined) search[key] = parsed.data;
  }
  return search as Partial<z.output<S>>;
}

/** The URL query of a list read: only what differs from the defaults. */
export function peopleQueryString<S extends ListSchema>(
  schema: S,
  search: Partial<z.output<S>>,
): string {
  const params = new URLSearchParams();
  const defaults = schema.parse({}) as Record<string, unknown>;
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined || value === '' || value === defaults[key]) continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

const person = {
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.nullable(z.string()),
  deactivatedAt: z.nullable(z.string()),
  createdAt: z.string(),
};

/** A client's latest membership, live or ended. */
const membershipSchema = z.object({ plan: planSchema, status: subscriptionStatusSchema });

/** One row of /admin/clients. */
export const adminClientRowSchema = z.object({
  ...person,
  /** The member rate the client books at now (kept in step with a live membership). */
  subscriptionType: subscriptionTypeSchema,
  membership: z.nullable(membershipSchema),
  bookings: z.number(),
  /** Succeeded payments less their refunds, bookings and membership alike. */
  totalPaid: dollarsSchema,
  lastBookingDate: z.nullable(z.string()),
});
export type AdminClientRow = z.infer<typeof adminClientRowSchema>;
export const adminClientPageSchema = pageOf(adminClientRowSchema);
export type AdminClientPage = z.infer<typeof adminClientPageSchema>;

/** How many of a client's bookings and payments the details page shows, the newest first. */
export const CLIENT_DETAIL_ROWS = 50;

export const clientBookingSchema = z.object({
  id: z.string(),
  serviceType: serviceTypeSchema,
  status: bookingStatusSchema,
  scheduledDate: z.string(),
  scheduledTime: z.string(),
  address: z.string(),
  city: z.string(),
  totalAmount: dollarsSchema,
  amountPaid: dollarsSchema,
});

export const clientPaymentSchema = z.object({
  id: z.string(),
  kind: paymentKindSchema,
  status: z.string(),
  gateway: gatewayNameSchema,
  amount: dollarsSchema,
  refunded: dollarsSchema,
  cardLast4: z.nullable(z.string()),
  bookingId: z.nullable(z.string()),
  createdAt: z.string(),
  refunds: z.array(
    z.object({ id: z.string(), amount: dollarsSchema, reason: z.string(), createdAt: z.string() }),
  ),
});

/** GET /api/admin/clients/{id}. */
export const adminClientSchema = z.object({
  ...person,
  emailVerified: z.boolean(),
  subscriptionType: subscriptionTypeSchema,
  totalPaid: dollarsSchema,
  bookings: z.object({ items: z.array(clientBookingSchema), total: z.number() }),
  payments: z.object({ items: z.array(clientPaymentSchema), total: z.number() }),
  subscription: z.nullable(
    z.object({
      id: z.string(),
      plan: planSchema,
      status: subscriptionStatusSchema,
      price: dollarsSchema,
      startedAt: z.string(),
      currentPeriodEnd: z.nullable(z.string()),
      minimumTermEndsAt: z.string(),
      paidMonths: z.number(),
      cancelAtPeriodEnd: z.boolean(),
      canceledAt: z.nullable(z.string()),
      lastFailureMessage: z.nullable(z.string()),
    }),
  ),
});
export type AdminClient = z.infer<typeof adminClientSchema>;

// DECISIONS.md "Admin operations": VIP providers see auction jobs first. A provider is VIP by an
// admin's mark, or by a rating of at least 4.8 over at least 10 rated jobs.
export const VIP_MIN_RATING = 4.8;
export const VIP_MIN_RATED_JOBS = 10;

export const isVip = (p: { vipMarked: boolean; rating: number | null; ratedJobs: number }) =>
  p.vipMarked ||
  (p.rating !== null && p.rating >= VIP_MIN_RATING && p.ratedJobs >= VIP_MIN_RATED_JOBS);

const workSchema = z.object({ hours: z.number(), earnings: dollarsSchema });

/** One row of /admin/providers. */
export const adminProviderRowSchema = z.object({
  ...person,
  /** The average of the last 50 ratings; null (N/A) when there are none. */
  rating: z.nullable(z.number()),
  ratedJobs: z.number(),
  vip: z.boolean(),
  /** Marked VIP by an admin (else VIP, if at all, by rating). */
  vipMarked: z.boolean(),
  jobsDone: z.number(),
  /** Paid hours and earnings of payouts earned in the last 7 and 30 days. */
  week: workSchema,
  month: workSchema,
  availability: z.object({
    /** Weekdays (0 Sunday) with an active slot. */
    days: z.array(z.number()),
    weeklyHours: z.number(),
    /** When the provider's availability next begins (now, inside a slot); null without slots. */
    nextAvailableAt: z.nullable(z.string()),
  }),
});
export type AdminProviderRow = z.infer<typeof adminProviderRowSchema>;
export const adminProviderPageSchema = pageOf(adminProviderRowSchema);
export type AdminProviderPage = z.infer<typeof adminProviderPageSchema>;

/** GET /api/admin/providers/{id}, and the VIP toggle's answer. */
export const adminProviderSchema = z.extend(adminProviderRowSchema, {
  bio: z.nullable(z.string()),
  homeZipCode: z.nullable(z.string()),
  vipMarkedAt: z.nullable(z.string()),
  vipMarkedBy: z.nullable(z.string()),
  slots: z.array(
    z.object({
      id: z.string(),
      dayOfWeek: z.number(),
      startTime: z.string(),
      endTime: z.string(),
    }),
  ),
  upcomingJobs: z.array(
    z.object({
      id: z.string(),
      serviceType: serviceTypeSchema,
      status: bookingStatusSchema,
      scheduledDate: z.string(),
      scheduledTime: z.string(),
      address: z.string(),
      city: z.string(),
    }),
  ),
  recentPayouts: z.array(
    z.object({
      id: z.string(),
      bookingId: z.string(),
      createdAt: z.string(),
      hoursPaid: z.number(),
      total: dollarsSchema,
      status: z.enum(['pending', 'paid']),
    }),
  ),
});
export type AdminProvider = z.infer<typeof adminProviderSchema>;

/** POST /api/admin/providers/{id}/vip. */
export const providerVipInputSchema = z.object({ vip: z.boolean() });
export type ProviderVipInput = z.infer<typeof providerVipInputSchema>;
