import * as z from 'zod/mini';
import { dateRangeInOrder, dateRangeShape } from './admin-pages';

// /admin/reconciliation: the payments and refunds ledger held against the gateway's own records
// for a span of days, and where the two disagree (issue 30, "Nothing lost under faults"); the
// weekly transfers to providers likewise (issue 33).

/** The longest span one check reads: a year of the gateway's lists, page by page. */
export const RECONCILIATION_MAX_DAYS = 366;

// NaN for a malformed day, which its own field's check reports.
const daysApart = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

/** GET /api/admin/reconciliation: both days required, inclusive, America/Chicago days. */
export const reconciliationQuerySchema = z
  .object({
    from: z.nonoptional(dateRangeShape.from, 'Choose the first day to check'),
    to: z.nonoptional(dateRangeShape.to, 'Choose the last day to check'),
  })
  .check(
    dateRangeInOrder,
    z.refine(({ from, to }) => !from || !to || !(daysApart(from, to) >= RECONCILIATION_MAX_DAYS), {
      message: `Check at most ${RECONCILIATION_MAX_DAYS} days at a time`,
      path: ['to'],
    }),
  );
export type ReconciliationQuery = z.infer<typeof reconciliationQuerySchema>;

export const differenceKindSchema = z.enum([
  'missing_in_ledger',
  'missing_at_gateway',
  'amount_differs',
  'status_differs',
  // Within the ledger (issue 33): a paid transfer whose lines do not add up to it, or whose
  // payouts are not paid.
  'lines_differ',
  'payout_not_paid',
]);
export type DifferenceKind = z.infer<typeof differenceKindSchema>;

const dollars = z.nullable(z.string());

export const moneyDifferenceSchema = z.object({
  kind: differenceKindSchema,
  record: z.enum(['payment', 'refund', 'transfer']),
  /** The gateway's id of the payment, refund or transfer. */
  gatewayId: z.string(),
  /** The gateway's id of the payment (a refund's: the payment it gave back; a transfer's own). */
  paymentIntentId: z.string(),
  /** Our payment's, refund's or weekly transfer's id; null when the ledger has none. */
  ledgerId: z.nullable(z.string()),
  ledgerAmount: dollars,
  gatewayAmount: dollars,
  ledgerStatus: z.nullable(z.string()),
  gatewayStatus: z.nullable(z.string()),
  /** lines_differ: what the transfer's lines add up to. */
  linesAmount: z.optional(z.string()),
  /** payout_not_paid: the payout the transfer paid that the ledger does not show paid. */
  payoutId: z.optional(z.string()),
  at: z.string(),
});
export type MoneyDifferenceView = z.infer<typeof moneyDifferenceSchema>;

export const reconciliationSchema = z.object({
  /** The days checked, as asked. */
  from: z.string(),
  to: z.string(),
  /** The gateway whose records were read: stripe or local. */
  gateway: z.string(),
  checked: z.object({ payments: z.number(), refunds: z.number(), transfers: z.number() }),
  differences: z.array(moneyDifferenceSchema),
});
export type Reconciliation = z.infer<typeof reconciliationSchema>;
