import * as z from 'zod/mini';
import { scheduledDateField, scheduledTimeField } from './bookings';
import { serviceTypeSchema } from './services';

// Issue 31 "Move a day": an owner moves every visit of one date (a blizzard, a holiday) to the
// next day each provider is free, and each client settles the move from an e-mailed link.

/** How far ahead a moved visit looks for a day its provider is free. */
export const DAY_MOVE_SEARCH_DAYS = 7;

const dateField = z
  .string()
  .check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose the date to move (YYYY-MM-DD).'));
const reasonField = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'Say why the day moves (clients read it).'),
    z.maxLength(300, 'Keep the reason under 300 characters.'),
  );

/** POST /api/admin/day-moves/preview. */
export const dayMovePreviewInputSchema = z.object({
  date: dateField,
  reason: z.optional(z.string().check(z.maxLength(300, 'Keep the reason under 300 characters.'))),
});
export type DayMovePreviewInput = z.infer<typeof dayMovePreviewInputSchema>;

/** POST /api/admin/day-moves: the reason goes to every client and provider. */
export const dayMoveInputSchema = z.object({ date: dateField, reason: reasonField });
export type DayMoveInput = z.infer<typeof dayMoveInputSchema>;

export const visitMoveStatusSchema = z.enum(['pending', 'accepted', 'rescheduled', 'skipped']);
export type VisitMoveStatus = z.infer<typeof visitMoveStatusSchema>;

/** One visit of the day: where it goes (toDate null: the client chooses). */
export const dayMoveVisitSchema = z.object({
  bookingId: z.string(),
  serviceType: serviceTypeSchema,
  clientName: z.string(),
  providerName: z.nullable(z.string()),
  fromDate: z.string(),
  fromTime: z.string(),
  toDate: z.nullable(z.string()),
  toTime: z.nullable(z.string()),
  /** Preview: 'new' moves now, 'waiting' already has a move the client has not settled. */
  status: z.union([visitMoveStatusSchema, z.enum(['new', 'waiting'])]),
  /** Where the visit is now (a rescheduled one moved again). */
  scheduledDate: z.string(),
  scheduledTime: z.string(),
  settledAt: z.nullable(z.string()),
});
export type DayMoveVisit = z.infer<typeof dayMoveVisitSchema>;

export const dayMovePreviewSchema = z.object({
  date: z.string(),
  visits: z.array(dayMoveVisitSchema),
  /** Visits the move would move now (not those already waiting on an earlier move). */
  moving: z.number(),
  waiting: z.number(),
});
export type DayMovePreview = z.infer<typeof dayMovePreviewSchema>;

/** GET /api/admin/day-moves: the history, newest first. */
export const dayMoveSummarySchema = z.object({
  id: z.string(),
  date: z.string(),
  reason: z.string(),
  createdAt: z.string(),
  createdByName: z.nullable(z.string()),
  visitCount: z.number(),
  pendingCount: z.number(),
});
export type DayMoveSummary = z.infer<typeof dayMoveSummarySchema>;

/** GET /api/admin/day-moves/{id}. */
export const dayMoveSchema = z.extend(dayMoveSummarySchema, {
  visits: z.array(dayMoveVisitSchema),
});
export type DayMove = z.infer<typeof dayMoveSchema>;

/** POST /api/admin/day-moves answers the move made, and what it left alone. */
export const appliedDayMoveSchema = z.extend(dayMoveSchema, {
  /** Visits of the date left alone because an earlier move still waits on their client. */
  leftWaiting: z.number(),
});
export type AppliedDayMove = z.infer<typeof appliedDayMoveSchema>;

/** The e-mailed link's token: a visit move's id, an underscore and a base64url MAC. */
export const visitMoveTokenParamsSchema = z.object({
  token: z
    .string()
    .check(
      z.maxLength(200, 'This link is not valid.'),
      z.regex(/^[0-9a-fA-F-]{36}_[\w-]{43}$/, 'This link is not valid.'),
    ),
});

/** GET /api/visit-moves/{token}: what the client sees behind the link. */
export const visitMoveViewSchema = z.object({
  serviceType: serviceTypeSchema,
  clientFirstName: z.string(),
  address: z.string(),
  city: z.string(),
  reason: z.string(),
  fromDate: z.string(),
  fromTime: z.string(),
  /** The time we moved it to; null when no provider was free and the client chooses. */
  proposedDate: z.nullable(z.string()),
  proposedTime: z.nullable(z.string()),
  /** Where the visit is now. */
  scheduledDate: z.string(),
  scheduledTime: z.string(),
  status: visitMoveStatusSchema,
  settledAt: z.nullable(z.string()),
});
export type VisitMoveView = z.infer<typeof visitMoveViewSchema>;

export const visitMoveActionSchema = z.enum(['accept', 'reschedule', 'skip']);
export type VisitMoveAction = z.infer<typeof visitMoveActionSchema>;

/** POST /api/visit-moves/{token}: a new time only with 'reschedule'. */
export const visitMoveAnswerSchema = z
  .object({
    action: visitMoveActionSchema,
    scheduledDate: z.optional(scheduledDateField()),
    scheduledTime: z.optional(scheduledTimeField()),
  })
  .check(
    z.refine((answer) => answer.action !== 'reschedule' || !!answer.scheduledDate, {
      message: 'Choose a new date.',
      path: ['scheduledDate'],
    }),
    z.refine((answer) => answer.action !== 'reschedule' || !!answer.scheduledTime, {
      message: 'Choose a new time.',
      path: ['scheduledTime'],
    }),
  );
export type VisitMoveAnswer = z.infer<typeof visitMoveAnswerSchema>;
