import { SCHEDULING_TIME_ZONE } from '@twinclean/shared/schedule';
import type { Knex } from 'knex';
import type { PayoutTransferStatus } from '../../models/payout-transfer';

// A provider's statements read from the payouts ledger (issue 33): a week's jobs are the
// payouts created (clocked out) in that Chicago week; its transfer is the one claimed for it,
// whose frozen lines may pay jobs of earlier weeks caught up. Every read names the provider:
// another provider's payouts never reach a statement.

export type StatementJobRow = {
  payoutId: string;
  bookingId: string;
  /** The clock-out. */
  createdAt: Date;
  address: string;
  serviceType: string;
  hoursWorked: number;
  baseAmountCents: number;
  waitPayCents: number;
  bonusCents: number;
  tipCents: number;
  status: 'pending' | 'paid';
  reviewReason: string | null;
  paidBy: string | null;
  transferId: string | null;
  /** The status of the transfer holding or paying it. */
  transferStatus: PayoutTransferStatus | null;
};

export type WeekTotalsRow = {
  /** The Chicago Monday, YYYY-MM-DD. */
  weekStart: string;
  jobs: number;
  hours: number;
  payCents: number;
  tipCents: number;
};

export type TransferRow = {
  id: string;
  weekStart: string;
  status: PayoutTransferStatus;
  amountCents: number;
  tipCents: number;
  sentAt: Date | null;
  arrivalDate: string | null;
};

const TRANSFER_COLUMNS = [
  'id',
  'weekStart',
  'status',
  'amountCents',
  'tipCents',
  'sentAt',
  'arrivalDate',
] as const;

export type TransferLineRow = {
  payoutId: string;
  bookingId: string;
  createdAt: Date;
  address: string;
  payCents: number;
  tipCents: number;
};

/** providerId's payouts created in [from, to), the earliest first. */
export function weekJobRows(
  db: Knex,
  providerId: string,
  { from, to }: { from: Date; to: Date },
): Promise<StatementJobRow[]> {
  return db('payouts as po')
    .join('bookings as b', 'b.id', 'po.bookingId')
    .leftJoin('payoutTransfers as t', 't.id', 'po.transferId')
    .where('po.providerId', providerId)
    .where('po.createdAt', '>=', from)
    .where('po.createdAt', '<', to)
    .select(
      'po.id as payoutId',
      'po.bookingId',
      'po.createdAt',
      'b.address',
      'b.serviceType',
      'po.hoursWorked',
      'po.baseAmountCents',
      'po.waitPayCents',
      'po.bonusCents',
      'po.tipCents',
      'po.status',
      'po.reviewReason',
      'po.paidBy',
      'po.transferId',
      't.status as transferStatus',
    )
    .orderBy([
      { column: 'po.createdAt', order: 'asc' },
      { column: 'po.id', order: 'asc' },
    ]);
}

/** Per Chicago week since `since` (an instant), what providerId earned: jobs, hours, pay, tips. */
export async function weekTotalsRows(
  db: Knex,
  providerId: string,
  since: Date,
): Promise<WeekTotalsRow[]> {
  const { rows } = await db.raw<{ rows: WeekTotalsRow[] }>(
    `SELECT date_trunc('week', po.created_at AT TIME ZONE ?)::date AS "weekStart",
            count(*)::int AS jobs,
            COALESCE(SUM(po.hours_worked), 0)::numeric AS hours,
            COALESCE(SUM(po.base_amount_cents + po.wait_pay_cents + po.bonus_cents), 0)::bigint
              AS "payCents",
            COALESCE(SUM(po.tip_cents), 0)::bigint AS "tipCents"
     FROM payouts po
     WHERE po.provider_id = ? AND po.created_at >= ?
     GROUP BY 1
     ORDER BY 1 DESC`,
    [SCHEDULING_TIME_ZONE, providerId, since],
  );
  return rows;
}

/** providerId's transfers claimed for weeks from `sinceWeek` on (YYYY-MM-DD), newest first. */
export function transfersSince(
  db: Knex,
  providerId: string,
  sinceWeek: string,
): Promise<TransferRow[]> {
  return db('payoutTransfers')
    .where({ providerId })
    .where('weekStart', '>=', sinceWeek)
    .select(...TRANSFER_COLUMNS)
    .orderBy('weekStart', 'desc');
}

/** providerId's transfer for the week starting weekStart, whatever its state. */
export function weekTransfer(
  db: Knex,
  providerId: string,
  weekStart: string,
): Promise<TransferRow | undefined> {
  return db('payoutTransfers')
    .where({ providerId, weekStart })
    .select(...TRANSFER_COLUMNS)
    .first();
}

/** A transfer's frozen lines, the oldest job first. */
export function transferLineRows(db: Knex, transferId: string): Promise<TransferLineRow[]> {
  return db('payoutTransferLines as l')
    .join('payouts as po', 'po.id', 'l.payoutId')
    .join('bookings as b', 'b.id', 'po.bookingId')
    .where('l.transferId', transferId)
    .select('l.payoutId', 'po.bookingId', 'po.createdAt', 'b.address', 'l.payCents', 'l.tipCents')
    .orderBy([
      { column: 'po.createdAt', order: 'asc' },
      { column: 'l.payoutId', order: 'asc' },
    ]);
}
