import { centsToDollars } from '@twinclean/shared/money';
import type {
  Statement,
  StatementJob,
  StatementList,
  StatementWeek,
  TransferSummary,
} from '@twinclean/shared/payout-transfers';
import { addDays, chicagoDate } from '@twinclean/shared/schedule';
import type { Knex } from 'knex';
import { PayoutAccount } from '../../models/payout-account';
import { PricingConfigRow } from '../../models/pricing-config-row';
import { mondayOf, nextRunAt, weekBounds } from '../payout-transfers/week-schedule';
import { paidTotals } from './paid-totals.sql';
import {
  type StatementJobRow,
  type TransferRow,
  transferLineRows,
  transfersSince,
  weekJobRows,
  weekTotalsRows,
  weekTransfer,
} from './statements.sql';

// Statement rules: design of issue 33, "Statement of week W". Money is summed in cents and
// answered in dollars; dates are Chicago days.

/** How many weeks back the list goes: a year and a week. */
const LIST_WEEKS = 53;

const weekEndOf = (weekStart: string) => addDays(weekStart, 6);

export function transferSummary(transfer: TransferRow): TransferSummary {
  return {
    id: transfer.id,
    weekStart: transfer.weekStart,
    status: transfer.status,
    amount: centsToDollars(transfer.amountCents),
    tips: centsToDollars(transfer.tipCents),
    sentAt: transfer.sentAt ? transfer.sentAt.toISOString() : null,
    arrivalDate: transfer.arrivalDate,
  };
}

/** Paid, held by a transfer on its way, waiting for review, or waiting. */
function jobStatus(row: StatementJobRow): StatementJob['status'] {
  if (row.status === 'paid') return 'paid';
  if (row.transferId && (row.transferStatus === 'pending' || row.transferStatus === 'failed'))
    return 'in_transfer';
  if (row.reviewReason !== null) return 'review';
  return 'pending';
}

function paidByOf(row: StatementJobRow): StatementJob['paidBy'] {
  if (row.status !== 'paid') return null;
  if (row.paidBy !== null) return 'hand';
  return row.transferId ? 'transfer' : null;
}

const payCentsOf = (row: StatementJobRow) =>
  row.baseAmountCents + row.waitPayCents + row.bonusCents;

function jobView(row: StatementJobRow): StatementJob {
  return {
    payoutId: row.payoutId,
    bookingId: row.bookingId,
    date: chicagoDate(row.createdAt),
    address: row.address,
    serviceType: row.serviceType,
    hoursWorked: Number(row.hoursWorked),
    basePay: centsToDollars(row.baseAmountCents),
    waitPay: centsToDollars(row.waitPayCents),
    bonus: centsToDollars(row.bonusCents),
    tip: centsToDollars(row.tipCents),
    total: centsToDollars(payCentsOf(row) + row.tipCents),
    status: jobStatus(row),
    paidBy: paidByOf(row),
  };
}

/** Hours to the hundredth, as the payouts store them (no 7.300000000000001). */
const hoursSum = (hours: number[]) => Math.round(hours.reduce((s, h) => s + h * 100, 0)) / 100;

/** GET /api/provider/statements/{weekStart}: the week's jobs, totals and transfer. */
export async function weekStatement(
  db: Knex,
  providerId: string,
  weekStart: string,
): Promise<Statement> {
  const rows = await weekJobRows(db, providerId, weekBounds(weekStart));
  const transfer = await weekTransfer(db, providerId, weekStart);
  const payCents = rows.reduce((s, r) => s + payCentsOf(r), 0);
  const tipCents = rows.reduce((s, r) => s + r.tipCents, 0);
  const lines = transfer ? await transferLineRows(db, transfer.id) : [];
  return {
    weekStart,
    weekEnd: weekEndOf(weekStart),
    jobs: rows.map(jobView),
    totals: {
      hours: hoursSum(rows.map((r) => Number(r.hoursWorked))),
      pay: centsToDollars(payCents),
      tips: centsToDollars(tipCents),
      total: centsToDollars(payCents + tipCents),
    },
    transfer: transfer
      ? {
          ...transferSummary(transfer),
          lines: lines.map((line) => ({
            payoutId: line.payoutId,
            bookingId: line.bookingId,
            date: chicagoDate(line.createdAt),
            address: line.address,
            pay: centsToDollars(line.payCents),
            tip: centsToDollars(line.tipCents),
          })),
        }
      : null,
  };
}

/** What was paid to providerId per calendar year (as the year-end counts it), newest first. */
export async function paidYears(db: Knex, providerId: string): Promise<StatementList['years']> {
  const rows = await paidTotals(db, { providerId });
  return rows.map((r) => ({
    year: r.year,
    paid: centsToDollars(r.byTransferCents + r.byHandCents),
  }));
}

/** When the next weekly transfer goes, if providerId's account can take it. */
async function nextTransferAt(db: Knex, providerId: string, now: Date): Promise<string | null> {
  const account = await PayoutAccount.query(db).findById(providerId);
  if (!account?.payoutsEnabled) return null;
  const config = await PricingConfigRow.query(db).findById(1);
  if (!config) return null;
  return nextRunAt(now, config).toISOString();
}

/** GET /api/provider/statements: the weeks with jobs or a transfer, newest first; years; next run. */
export async function statementList(
  db: Knex,
  providerId: string,
  now = new Date(),
): Promise<StatementList> {
  const oldest = addDays(mondayOf(chicagoDate(now)), -7 * (LIST_WEEKS - 1));
  const totals = await weekTotalsRows(db, providerId, weekBounds(oldest).from);
  const transfers = await transfersSince(db, providerId, oldest);
  const byWeek = new Map<string, StatementWeek>();
  const weekOf = (weekStart: string): StatementWeek => {
    const known = byWeek.get(weekStart);
    if (known) return known;
    const week: StatementWeek = {
      weekStart,
      weekEnd: weekEndOf(weekStart),
      jobs: 0,
      hours: 0,
      pay: '0.00',
      tips: '0.00',
      total: '0.00',
      transfer: null,
    };
    byWeek.set(weekStart, week);
    return week;
  };
  for (const row of totals) {
    Object.assign(weekOf(row.weekStart), {
      jobs: row.jobs,
      hours: hoursSum([Number(row.hours)]),
      pay: centsToDollars(row.payCents),
      tips: centsToDollars(row.tipCents),
      total: centsToDollars(row.payCents + row.tipCents),
    });
  }
  for (const transfer of transfers) weekOf(transfer.weekStart).transfer = transferSummary(transfer);
  const weeks = [...byWeek.values()]
    .filter((w) => w.weekStart >= oldest)
    .sort((a, b) => b.weekStart.localeCompare(a.weekStart));
  return {
    weeks,
    years: await paidYears(db, providerId),
    nextTransferAt: await nextTransferAt(db, providerId, now),
  };
}
