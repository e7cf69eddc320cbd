import { ADMIN_PAGE_SIZE } from '@twinclean/shared/admin-pages';
import type { TransferFilters, TransferStatus } from '@twinclean/shared/payout-transfers';
import type { Knex } from 'knex';

// The weekly transfers' admin table and export (issue 33): each transfer with its provider and
// what clients were refunded on its jobs after it was sent, and one transfer's frozen lines.

export type TransferRow = {
  id: string;
  providerId: string;
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD. */
  weekStart: string;
  amountCents: number;
  tipCents: number;
  status: TransferStatus;
  attempts: number;
  failureMessage: string | null;
  nextAttemptAt: Date;
  gatewayTransferId: string | null;
  sentAt: Date | null;
  arrivalDate: string | null;
  createdAt: Date;
  /** Refunds (of any payment on its lines' bookings, tips too) made after sent_at. */
  refundedAfterCents: number;
};

export type TransferLineRow = {
  payoutId: string;
  bookingId: string;
  /** The payout's clock-out. */
  createdAt: Date;
  address: string;
  payCents: number;
  tipCents: number;
  refundedAfterCents: number;
};

/**
 * What clients got back on the booking of payout `po` after transfer `t` was sent: not clawed
 * back from the provider (DECISIONS.md "Payouts"), shown so the admin can decide. Nothing
 * before the transfer is sent.
 */
const refundedAfterSql = `(SELECT COALESCE(SUM(r.amount_cents), 0) FROM payments pm
  JOIN refunds r ON r.payment_id = pm.id
  WHERE pm.booking_id = po.booking_id AND t.sent_at IS NOT NULL AND r.created_at > t.sent_at)`;

function transferRows(db: Knex) {
  return db('payoutTransfers as t')
    .join('users as u', 'u.id', 't.providerId')
    .select(
      't.id',
      't.providerId',
      'u.firstName',
      'u.lastName',
      't.weekStart',
      't.amountCents',
      't.tipCents',
      't.status',
      't.attempts',
      't.failureMessage',
      't.nextAttemptAt',
      't.gatewayTransferId',
      't.sentAt',
      't.arrivalDate',
      't.createdAt',
      db.raw(
        `(SELECT COALESCE(SUM(${refundedAfterSql}), 0) FROM payout_transfer_lines l
          JOIN payouts po ON po.id = l.payout_id WHERE l.transfer_id = t.id)::int
          AS refunded_after_cents`,
      ),
    );
}

function filtered(query: Knex.QueryBuilder, { status, providerId, weekStart }: TransferFilters) {
  return query
    .modify((q) => (status ? q.where('t.status', status) : q))
    .modify((q) => (providerId ? q.where('t.providerId', providerId) : q))
    .modify((q) => (weekStart ? q.where('t.weekStart', weekStart) : q));
}

// Newest week first, then by provider name; the id keeps pages apart where names repeat.
const ORDER = [
  { column: 't.weekStart', order: 'desc' },
  { column: 'u.lastName', order: 'asc' },
  { column: 'u.firstName', order: 'asc' },
  { column: 't.id', order: 'asc' },
] as const;

/** Page `page` of the transfers the filters choose. */
export function transferPage(
  db: Knex,
  filters: TransferFilters,
  page: number,
): Promise<TransferRow[]> {
  return filtered(transferRows(db), filters)
    .orderBy([...ORDER])
    .limit(ADMIN_PAGE_SIZE)
    .offset((page - 1) * ADMIN_PAGE_SIZE);
}

/** Every transfer the filters choose, in the list's order: the export. */
export function allTransferRows(db: Knex, filters: TransferFilters): Promise<TransferRow[]> {
  return filtered(transferRows(db), filters).orderBy([...ORDER]);
}

/** How many transfers the filters choose. */
export async function transferCount(db: Knex, filters: TransferFilters): Promise<number> {
  const counted = await filtered(db('payoutTransfers as t'), filters).count({ n: '*' }).first();
  return Number(counted?.n ?? 0);
}

/** One transfer as the table shows it. */
export function transferRow(db: Knex, id: string): Promise<TransferRow | undefined> {
  return transferRows(db).where('t.id', id).first();
}

/** A transfer's lines, the oldest job first, each with its booking's refunds after the send. */
export function transferLineRows(db: Knex, transferId: string): Promise<TransferLineRow[]> {
  return db('payoutTransferLines as l')
    .join('payoutTransfers as t', 't.id', 'l.transferId')
    .join('payouts as po', 'po.id', 'l.payoutId')
    .join('bookings as b', 'b.id', 'po.bookingId')
    .where('l.transferId', transferId)
    .select(
      'l.payoutId',
      'po.bookingId',
      'po.createdAt',
      'b.address',
      'l.payCents',
      'l.tipCents',
      db.raw(`${refundedAfterSql}::int AS refunded_after_cents`),
    )
    .orderBy([
      { column: 'po.createdAt', order: 'asc' },
      { column: 'l.payoutId', order: 'asc' },
    ]);
}
