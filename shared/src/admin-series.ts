import * as z from 'zod/mini';
import { countParam, pageNumberSchema, pageOf } from './admin-pages';
import { bookingStatusSchema } from './booking-status';
import { scheduledDateField } from './bookings';
import { SERIES_SERVICES, seriesFrequencySchema } from './series';

// The admin Series pages (issue 31): the list with its three filters, one series with its
// visits and history, the regular provider, and pause, resume or cancel on the client's behalf.
// No entry notes in any of it (DECISIONS.md "Recurring visits, homes and entry notes").

export const SERIES_PAGE_SIZE = 25;

/** GET /api/admin/series. `paused`: "yes" only paused series, "no" only running ones. */
export const adminSeriesListQuerySchema = z.object({
  page: z._default(pageNumberSchema, 1),
  pageSize: z._default(countParam('Page size', 100), SERIES_PAGE_SIZE),
  frequency: z.optional(seriesFrequencySchema),
  providerId: z.optional(z.string().check(z.uuid('Not a valid provider'))),
  paused: z.optional(z.enum(['yes', 'no'])),
});
export type AdminSeriesListQuery = z.output<typeof adminSeriesListQuerySchema>;
export type AdminSeriesSearch = Partial<AdminSeriesListQuery>;

const person = z.object({ id: z.string(), name: z.string() });

export const adminSeriesRowSchema = z.object({
  id: z.string(),
  serviceType: z.enum(SERIES_SERVICES),
  frequency: seriesFrequencySchema,
  label: z.string(),
  /** 0 = Sunday … 6 = Saturday, in America/Chicago. */
  weekday: z.number(),
  scheduledTime: z.string(),
  client: person,
  regularProvider: z.nullable(person),
  pausedUntil: z.nullable(z.string()),
  canceledAt: z.nullable(z.string()),
  /** The next visit not canceled, from today. */
  nextVisitDate: z.nullable(z.string()),
});
export type AdminSeriesRow = z.infer<typeof adminSeriesRowSchema>;
export const adminSeriesPageSchema = pageOf(adminSeriesRowSchema);
export type AdminSeriesPage = z.infer<typeof adminSeriesPageSchema>;

export const adminSeriesVisitSchema = z.object({
  bookingId: z.string(),
  seriesDate: z.string(),
  scheduledDate: z.string(),
  scheduledTime: z.string(),
  status: bookingStatusSchema,
  provider: z.nullable(person),
});
export type AdminSeriesVisit = z.infer<typeof adminSeriesVisitSchema>;

export const adminSeriesEventSchema = z.object({
  id: z.string(),
  at: z.string(),
  kind: z.string(),
  summary: z.string(),
  actorName: z.nullable(z.string()),
});

/** GET /api/admin/series/:id. */
export const adminSeriesDetailsSchema = z.object({
  series: adminSeriesRowSchema,
  /** The home's address (never its entry notes). */
  address: z.string(),
  cancellationReason: z.nullable(z.string()),
  visits: z.array(adminSeriesVisitSchema),
  history: z.array(adminSeriesEventSchema),
});
export type AdminSeriesDetails = z.infer<typeof adminSeriesDetailsSchema>;

/** POST /api/admin/series/:id/regular-provider: null clears it (future visits to the board). */
export const adminRegularProviderSchema = z.object({
  providerId: z.nullable(z.string().check(z.uuid('Choose a provider'))),
});
export type AdminRegularProvider = z.infer<typeof adminRegularProviderSchema>;

const reason = z.string().check(z.trim(), z.minLength(1, 'A reason is required'), z.maxLength(500));

/** POST /api/admin/series/:id/changes (and its preview): what an admin may do for the client. */
export const adminSeriesChangeSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('pause'), until: scheduledDateField() }),
  z.object({ action: z.literal('resume') }),
  z.object({ action: z.literal('cancel'), reason }),
]);
export type AdminSeriesChange = z.infer<typeof adminSeriesChangeSchema>;

/** The admin page's form for those changes: the fields a chosen action needs are required. */
export const adminSeriesChangeFormSchema = z
  .object({
    action: z.enum(['pause', 'resume', 'cancel']),
    until: z.string(),
    reason: z.string().check(z.maxLength(500, 'Keep the reason under 500 characters')),
  })
  .check(
    z.refine((v) => v.action !== 'pause' || /^\d{4}-\d{2}-\d{2}$/.test(v.until), {
      message: 'Choose a date to pause until',
      path: ['until'],
    }),
    z.refine((v) => v.action !== 'cancel' || v.reason.trim().length > 0, {
      message: 'A reason is required',
      path: ['reason'],
    }),
  );
export type AdminSeriesChangeForm = z.infer<typeof adminSeriesChangeFormSchema>;

/** The admin page's provider choice (clearing is its own button). */
export const adminRegularProviderFormSchema = z.object({
  providerId: z.string().check(z.minLength(1, 'Choose a provider from the list.')),
});
export type AdminRegularProviderForm = z.infer<typeof adminRegularProviderFormSchema>;
