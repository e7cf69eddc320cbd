import {
  type AdminTransfer,
  TRANSFER_STATUS_LABELS,
  type TransferFilters,
} from '@twinclean/shared/payout-transfers';
import { chicagoDate } from '@twinclean/shared/schedule';
import type { Knex } from 'knex';
import { type Cell, toCsv } from '../../core/csv';
import { toAdminTransfer } from './transfers';
import { allTransferRows } from './transfers-list.sql';

const HEADER = [
  'Week of',
  'Provider',
  'Amount',
  'Tips',
  'Status',
  'Attempts',
  'Gateway reason',
  'Gateway transfer',
  'Sent',
  'Arrives',
  'Refunded after',
] as const;

const row = (t: AdminTransfer): Cell[] => [
  t.weekStart,
  `${t.provider.firstName} ${t.provider.lastName}`,
  t.amount,
  t.tips,
  // The words the admin page shows, so the file and the page read alike.
  TRANSFER_STATUS_LABELS[t.status],
  t.attempts,
  t.failureMessage,
  t.gatewayTransferId,
  t.sentAt,
  t.arrivalDate,
  t.refundedAfter,
];

/** GET /api/admin/exports/payout-transfers.csv: what the transfers page lists, every page. */
export async function transfersCsv(
  db: Knex,
  filters: TransferFilters,
  now = new Date(),
): Promise<{ filename: string; csv: string }> {
  const rows = await allTransferRows(db, filters);
  return {
    // Dated by the business's day, as the payouts export is.
    filename: `payout-transfers-${chicagoDate(now)}.csv`,
    csv: toCsv(HEADER, rows.map(toAdminTransfer).map(row)),
  };
}
