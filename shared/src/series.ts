import * as z from 'zod/mini';
import { scheduledDateField, scheduledTimeField } from './bookings';

// DECISIONS.md "Recurring visits, homes and entry notes" (issue 31).

export const FREQUENCIES = ['once', 'weekly', 'biweekly', 'every_4_weeks'] as const;
export const frequencySchema = z.enum(FREQUENCIES);
export type Frequency = z.infer<typeof frequencySchema>;
export type SeriesFrequency = Exclude<Frequency, 'once'>;
export const seriesFrequencySchema = z.enum(['weekly', 'biweekly', 'every_4_weeks']);

/** The Schedule step's "How often?" choices, in order. */
export const FREQUENCY_LABELS: Record<Frequency, string> = {
  once: 'One time',
  weekly: 'Every week',
  biweekly: 'Every 2 weeks',
  every_4_weeks: 'Every 4 weeks',
};

export const FREQUENCY_WEEKS: Record<SeriesFrequency, 1 | 2 | 4> = {
  weekly: 1,
  biweekly: 2,
  every_4_weeks: 4,
};

export function frequencyOfWeeks(weeks: number): SeriesFrequency {
  const found = seriesFrequencySchema.options.find((f) => FREQUENCY_WEEKS[f] === weeks);
  if (!found) throw new Error(`no frequency of ${weeks} weeks`);
  return found;
}

/** How far ahead the worker's daily schedule creates a series' visits (the booking window). */
export const SERIES_WINDOW_DAYS = 30;

/** The series' services: house cleaning and laundry pickups. */
export const SERIES_SERVICES = ['house', 'laundry'] as const;

const ordinalSuffix = (n: number) => {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return 'th';
  return ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th';
};
export const ordinal = (n: number): string => `${n}${ordinalSuffix(n)}`;

/** A job card's line: "Every 2 weeks · 5th visit". */
export const seriesVisitLabel = (frequency: SeriesFrequency, visitNumber: number): string =>
  `${FREQUENCY_LABELS[frequency]} · ${ordinal(visitNumber)} visit`;

/** The board's mark on a series visit whose regular provider could not take it. */
export const REGULAR_CLIENT_LABEL = 'Regular client';

/** Where a visit of a series stands, for job cards, the board and the client. */
export const seriesVisitSchema = z.object({
  seriesId: z.string(),
  frequency: seriesFrequencySchema,
  visitNumber: z.number(),
  label: z.string(),
});
export type SeriesVisit = z.infer<typeof seriesVisitSchema>;

const reason = (label: string) =>
  z.string().check(z.trim(), z.minLength(1, `${label} is required`), z.maxLength(500));

/** A client's (or an admin's on their behalf) change to a series; `preview` answers its consequence. */
export const seriesChangeSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('skip'), bookingId: z.string().check(z.uuid()) }),
  z.object({
    action: z.literal('move'),
    bookingId: z.string().check(z.uuid()),
    scheduledDate: scheduledDateField(),
    scheduledTime: scheduledTimeField(),
  }),
  z.object({ action: z.literal('pause'), until: scheduledDateField() }),
  z.object({ action: z.literal('resume') }),
  z.object({
    action: z.literal('reschedule'),
    frequency: seriesFrequencySchema,
    /** The first visit on the new rhythm; its weekday is the series' new day. */
    startDate: scheduledDateField(),
    scheduledTime: scheduledTimeField(),
  }),
  z.object({ action: z.literal('new_cleaner'), reason: reason('A reason') }),
  z.object({ action: z.literal('cancel'), reason: reason('A reason') }),
]);
export type SeriesChange = z.infer<typeof seriesChangeSchema>;

/** The answer to a preview: what the change will do, said before the confirm button. */
export const seriesConsequenceSchema = z.object({ consequence: z.string() });

export const seriesUpcomingVisitSchema = z.object({
  bookingId: z.string(),
  scheduledDate: z.string(),
  scheduledTime: z.string(),
  status: z.string(),
  visitNumber: z.number(),
  /** The regular provider has it (false: it is on the job board or with another provider). */
  withRegularProvider: z.boolean(),
});

/** GET /api/series/:id (and each of GET /api/series): a client's series. */
export const clientSeriesSchema = z.object({
  id: z.string(),
  serviceType: z.enum(SERIES_SERVICES),
  frequency: seriesFrequencySchema,
  label: z.string(),
  /** 0 = Sunday … 6 = Saturday, in America/Chicago. */
  weekday: z.number(),
  scheduledTime: z.string(),
  home: z.object({ id: z.string(), label: z.string(), address: z.string() }),
  regularProviderFirstName: z.nullable(z.string()),
  discountPercent: z.number(),
  pausedUntil: z.nullable(z.string()),
  canceledAt: z.nullable(z.string()),
  upcoming: z.array(seriesUpcomingVisitSchema),
});
export type ClientSeries = z.infer<typeof clientSeriesSchema>;
export const clientSeriesListSchema = z.object({ series: z.array(clientSeriesSchema) });

/** POST /api/provider/jobs/:id/release and …/give-up-series: the provider's reason. */
export const seriesReleaseSchema = z.object({ reason: reason('A reason') });
export type SeriesRelease = z.infer<typeof seriesReleaseSchema>;

/** The pause in effect on `today` (Chicago date): a pause whose date has come is over. */
export const pauseInEffect = (pausedUntil: string | null, today: string): string | null =>
  pausedUntil !== null && pausedUntil > today ? pausedUntil : null;
