import * as z from 'zod/mini';
import { pageNumberSchema, pageOf } from './admin-pages';
import { dollarsSchema } from './money';

// Weekly transfers, statements and the year-end 1099-NEC figures (DECISIONS.md "Payouts",
// issue 33). Money on the wire is dollars with two decimals, dates are 'YYYY-MM-DD' in
// America/Chicago, instants ISO strings.

const isoDay = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-11-30'));

/**
 * pending: claimed, not yet taken by the gateway. paid: the gateway took it (arriving by
 * arrivalDate). failed: the gateway refused the last try; it is tried again. canceled: an admin
 * gave up on it and its payouts went back to Mark Paid.
 */
export const transferStatusSchema = z.enum(['pending', 'paid', 'failed', 'canceled']);
export type TransferStatus = z.infer<typeof transferStatusSchema>;

/** How a status reads to people, on both apps. */
export const TRANSFER_STATUS_LABELS: Record<TransferStatus, string> = {
  pending: 'Sending',
  paid: 'Sent',
  failed: 'Delayed',
  canceled: 'Canceled',
};

/** Before 2026 payments, the 1099-NEC threshold was $600; from 2026 it is Pricing Config's. */
export const NEC_THRESHOLD_BEFORE_2026_CENTS = 60_000;
export const necThresholdCents = (year: number, configuredCents: number) =>
  year < 2026 ? NEC_THRESHOLD_BEFORE_2026_CENTS : configuredCents;

/** A transfer as a provider's statements show it. */
export const transferSummarySchema = z.object({
  id: z.string(),
  weekStart: isoDay,
  status: transferStatusSchema,
  amount: dollarsSchema,
  tips: dollarsSchema,
  sentAt: z.nullable(z.string()),
  /** Expected in the bank by (two business days after it is sent). */
  arrivalDate: z.nullable(isoDay),
});
export type TransferSummary = z.infer<typeof transferSummarySchema>;

/** One week of the provider's list: what was earned that week, and the week's transfer. */
export const statementWeekSchema = z.object({
  weekStart: isoDay,
  /** The Sunday that ends it. */
  weekEnd: isoDay,
  jobs: z.number(),
  hours: z.number(),
  /** Hours, wait pay and bonus. */
  pay: dollarsSchema,
  tips: dollarsSchema,
  total: dollarsSchema,
  transfer: z.nullable(transferSummarySchema),
});
export type StatementWeek = z.infer<typeof statementWeekSchema>;

/** GET /api/provider/statements: the weeks worked or paid (newest first) and yearly totals. */
export const statementListSchema = z.object({
  weeks: z.array(statementWeekSchema),
  /** What was paid out to the provider each calendar year (by transfer and by hand). */
  years: z.array(z.object({ year: z.number(), paid: dollarsSchema })),
  /** When the next weekly transfer goes, as an ISO instant; null without an enabled account. */
  nextTransferAt: z.nullable(z.string()),
});
export type StatementList = z.infer<typeof statementListSchema>;

/** How a job's payout stands on a statement. */
export const statementJobStatusSchema = z.enum(['paid', 'in_transfer', 'pending', 'review']);

export const statementJobSchema = z.object({
  payoutId: z.string(),
  bookingId: z.string(),
  /** The day the job was clocked out. */
  date: isoDay,
  address: z.string(),
  serviceType: z.string(),
  hoursWorked: z.number(),
  basePay: dollarsSchema,
  waitPay: dollarsSchema,
  bonus: dollarsSchema,
  tip: dollarsSchema,
  total: dollarsSchema,
  status: statementJobStatusSchema,
  /** How it was paid: by the weekly transfer or by hand (Mark Paid); null while unpaid. */
  paidBy: z.nullable(z.enum(['transfer', 'hand'])),
});
export type StatementJob = z.infer<typeof statementJobSchema>;

/** A transfer's frozen line: what it pays of one payout (a job of that week or an earlier one). */
export const transferLineSchema = z.object({
  payoutId: z.string(),
  bookingId: z.string(),
  date: isoDay,
  address: z.string(),
  pay: dollarsSchema,
  tip: dollarsSchema,
});
export type TransferLine = z.infer<typeof transferLineSchema>;

/** GET /api/provider/statements/{weekStart}; its PDF at /api/provider/statements/{weekStart}/pdf. */
export const statementSchema = z.object({
  weekStart: isoDay,
  weekEnd: isoDay,
  jobs: z.array(statementJobSchema),
  totals: z.object({
    hours: z.number(),
    pay: dollarsSchema,
    tips: dollarsSchema,
    total: dollarsSchema,
  }),
  transfer: z.nullable(z.extend(transferSummarySchema, { lines: z.array(transferLineSchema) })),
});
export type Statement = z.infer<typeof statementSchema>;

export const weekStartParamSchema = z.object({ weekStart: isoDay });

// Admin: /admin/transfers and /admin/year-end.

/** GET /api/admin/exports/payout-transfers.csv?status=&providerId=&weekStart=: all optional. */
export const transferFiltersSchema = z.object({
  status: z.optional(transferStatusSchema),
  providerId: z.optional(z.string().check(z.uuid('Provider id must be a UUID'))),
  weekStart: z.optional(isoDay),
});
export type TransferFilters = z.infer<typeof transferFiltersSchema>;

/** GET /api/admin/payout-transfers: the same filters, a page at a time, newest week first. */
export const transferListQuerySchema = z.extend(transferFiltersSchema, { page: pageNumberSchema });

export const adminTransferSchema = z.object({
  id: z.string(),
  provider: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }),
  weekStart: isoDay,
  amount: dollarsSchema,
  tips: dollarsSchema,
  status: transferStatusSchema,
  attempts: z.number(),
  /** The gateway's reason for the last refusal. */
  failureMessage: z.nullable(z.string()),
  /** When a failed transfer is tried again. */
  nextAttemptAt: z.nullable(z.string()),
  gatewayTransferId: z.nullable(z.string()),
  sentAt: z.nullable(z.string()),
  arrivalDate: z.nullable(isoDay),
  createdAt: z.string(),
  /** Clients' refunds on its jobs made after it was sent: not clawed back, for the admin to see. */
  refundedAfter: dollarsSchema,
});
export type AdminTransfer = z.infer<typeof adminTransferSchema>;

export const transfersPageSchema = pageOf(adminTransferSchema);
export type TransfersPage = z.infer<typeof transfersPageSchema>;

/** GET /api/admin/payout-transfers/{id}. */
export const adminTransferDetailSchema = z.extend(adminTransferSchema, {
  lines: z.array(z.extend(transferLineSchema, { refundedAfter: dollarsSchema })),
});
export type AdminTransferDetail = z.infer<typeof adminTransferDetailSchema>;

/** POST /api/admin/payout-transfers/{id}/retry and …/cancel. */
export const transferActionAnswerSchema = z.object({
  message: z.string(),
  transfer: adminTransferSchema,
});
export type TransferActionAnswer = z.infer<typeof transferActionAnswerSchema>;

export const TRANSFER_RETRY_MESSAGE = 'The transfer will be tried again now';
export const TRANSFER_CANCEL_MESSAGE = 'Transfer canceled: its payouts can be marked paid by hand';

/** GET /api/admin/year-end?year= and /api/admin/exports/year-end.csv?year=. */
export const yearEndQuerySchema = z.object({
  year: z.pipe(
    z.string().check(z.regex(/^\d{4}$/, 'Year must be 4 digits, like 2026')),
    z.transform(Number),
  ),
});

export const yearEndRowSchema = z.object({
  provider: z.object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
  }),
  byTransfer: dollarsSchema,
  byHand: dollarsSchema,
  total: dollarsSchema,
  /** At or over the year's 1099-NEC threshold. */
  needs1099: z.boolean(),
  /** Where the tax details are: at Stripe, in our form, or nowhere yet. */
  taxDetails: z.enum(['stripe', 'on_file', 'missing']),
});
export type YearEndRow = z.infer<typeof yearEndRowSchema>;

export const yearEndSchema = z.object({
  year: z.number(),
  threshold: dollarsSchema,
  providers: z.array(yearEndRowSchema),
  totals: z.object({ byTransfer: dollarsSchema, byHand: dollarsSchema, total: dollarsSchema }),
});
export type YearEnd = z.infer<typeof yearEndSchema>;
