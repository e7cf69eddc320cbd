import { centsToDollars } from '@twinclean/shared/money';
import type { Receipt } from '@twinclean/shared/payments';
import { type ServiceType, serviceTitle } from '@twinclean/shared/services';
import type { Knex } from 'knex';
import { notFound } from '../../errors';

type Row = {
  id: string;
  type: 'payment' | 'refund';
  kind: Receipt['kind'];
  amountCents: number;
  cardLast4: string | null;
  createdAt: Date;
  reason: string | null;
  bookingId: string | null;
  serviceType: ServiceType | null;
  scheduledDate: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
};

/** The client's succeeded payments and their refunds, as one list of receipt rows. */
function receiptRows(db: Knex, clientId: string) {
  const payments = db('payments as p')
    .leftJoin('bookings as b', 'b.id', 'p.bookingId')
    .where('p.status', 'succeeded')
    .where((q) => q.where('p.userId', clientId).orWhere('b.clientId', clientId));
  const columns = [
    'p.kind',
    'p.cardLast4',
    'b.id as bookingId',
    'b.serviceType',
    'b.scheduledDate',
    'b.address',
    'b.city',
    'b.state',
  ];
  return db.select('*').from(
    payments
      .clone()
      .select(
        'p.id',
        db.raw("'payment' AS type"),
        'p.amountCents',
        'p.createdAt',
        db.raw('NULL::text AS reason'),
        ...columns,
      )
      .unionAll(
        payments
          .clone()
          .join('refunds as r', 'r.paymentId', 'p.id')
          .select(
            'r.id',
            db.raw("'refund' AS type"),
            'r.amountCents',
            'r.createdAt',
            'r.reason',
            ...columns,
          ),
      )
      .as('receipts'),
  );
}

const toReceipt = (row: Row): Receipt => ({
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
  const rows: Row[] = await receiptRows(db, clientId).orderBy('createdAt', 'desc');
  return rows.map(toReceipt);
}

/** GET /api/invoices/{id}: a payment or refund of the client's; anyone else's is not found. */
export async function getReceipt(db: Knex, clientId: string, id: string): Promise<Receipt> {
  const row: Row | undefined = await receiptRows(db, clientId).where({ id }).first();
  if (!row) throw notFound('Receipt');
  return toReceipt(row);
}
