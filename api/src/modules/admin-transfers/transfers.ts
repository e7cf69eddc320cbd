import { ADMIN_PAGE_SIZE } from '@twinclean/shared/admin-pages';
import { centsToDollars } from '@twinclean/shared/money';
import type {
  AdminTransfer,
  AdminTransferDetail,
  TransferFilters,
  TransfersPage,
} from '@twinclean/shared/payout-transfers';
import { chicagoDate } from '@twinclean/shared/schedule';
import type { Knex } from 'knex';
import { notFound } from '../../errors';
import {
  type TransferRow,
  transferCount,
  transferLineRows,
  transferPage,
  transferRow,
} from './transfers-list.sql';

/** A transfer as the admin pages show it. */
export const toAdminTransfer = (row: TransferRow): AdminTransfer => ({
  id: row.id,
  provider: { id: row.providerId, firstName: row.firstName, lastName: row.lastName },
  weekStart: row.weekStart,
  amount: centsToDollars(row.amountCents),
  tips: centsToDollars(row.tipCents),
  status: row.status,
  attempts: row.attempts,
  failureMessage: row.failureMessage,
  // Only a failed transfer waits to be tried again; a pending one goes on the next sweep.
  nextAttemptAt: row.status === 'failed' ? new Date(row.nextAttemptAt).toISOString() : null,
  gatewayTransferId: row.gatewayTransferId,
  sentAt: row.sentAt ? new Date(row.sentAt).toISOString() : null,
  arrivalDate: row.arrivalDate,
  createdAt: new Date(row.createdAt).toISOString(),
  refundedAfter: centsToDollars(row.refundedAfterCents),
});

/** GET /api/admin/payout-transfers: newest week first, then provider name, a page at a time. */
export async function listTransfers(
  db: Knex,
  query: TransferFilters & { page?: number | undefined },
): Promise<TransfersPage> {
  const page = query.page ?? 1;
  const [rows, total] = await Promise.all([
    transferPage(db, query, page),
    transferCount(db, query),
  ]);
  return { items: rows.map(toAdminTransfer), page, pageSize: ADMIN_PAGE_SIZE, total };
}

/** One transfer as the list shows it; 404 when there is none. */
export async function adminTransfer(db: Knex, id: string): Promise<AdminTransfer> {
  const row = await transferRow(db, id);
  if (!row) throw notFound('Transfer');
  return toAdminTransfer(row);
}

/** GET /api/admin/payout-transfers/{id}: the transfer and every payout it pays (frozen lines). */
export async function transferDetail(db: Knex, id: string): Promise<AdminTransferDetail> {
  const transfer = await adminTransfer(db, id);
  const lines = await transferLineRows(db, id);
  return {
    ...transfer,
    lines: lines.map((line) => ({
      payoutId: line.payoutId,
      bookingId: line.bookingId,
      date: chicagoDate(new Date(line.createdAt)),
      address: line.address,
      pay: centsToDollars(line.payCents),
      tip: centsToDollars(line.tipCents),
      refundedAfter: centsToDollars(line.refundedAfterCents),
    })),
  };
}
