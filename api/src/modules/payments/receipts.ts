import { centsToDollars } from '@twinclean/shared/money';
import type { Receipt } from '@twinclean/shared/payments';
import { serviceTitle } from '@twinclean/shared/services';
import type { Knex } from 'knex';
import { notFound } from '../../errors';
import { clientReceiptRow, clientReceiptRows, type ReceiptRow } from './receipts.sql';

const toReceipt = (row: ReceiptRow): Receipt => ({
  id: row.id,
  type: row.type,
  kind: row.kind,
  amount: centsToDollars(row.amountCents),
  cardLast4: row.cardLast4,
  createdAt: new Date(row.createdAt).toISOString(),
  reason: row.reason,
  booking:
    row.bookingId && row.serviceType
      ? {
          id: row.bookingId,
          serviceTitle: serviceTitle(row.serviceType),
          scheduledDate: row.scheduledDate ?? '',
          address: row.address ?? '',
          city: row.city ?? '',
          state: row.state ?? '',
        }
      : null,
});

/** GET /api/invoices: newest first. */
export async function listReceipts(db: Knex, clientId: string): Promise<Receipt[]> {
  return (await clientReceiptRows(db, clientId)).map(toReceipt);
}

/** GET /api/invoices/{id}: a payment or refund of the client's; anyone else's is not found. */
export async function getReceipt(db: Knex, clientId: string, id: string): Promise<Receipt> {
  const row = await clientReceiptRow(db, clientId, id);
  if (!row) throw notFound('Receipt');
  return toReceipt(row);
}
