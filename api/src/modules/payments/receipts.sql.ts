import type { Receipt } from '@twinclean/shared/payments';
import type { ServiceType } from '@twinclean/shared/services';
import type { Knex } from 'knex';

/** A receipt as the list reads it: a succeeded payment or a refund of one, with its booking. */
export type ReceiptRow = {
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

/**
 * The client's succeeded payments and their refunds, as one list of receipt rows (a report: one
 * UNION over two tables). A payment is the client's when it is theirs or their booking's.
 */
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

/** The client's receipts, newest first. */
export async function clientReceiptRows(db: Knex, clientId: string): Promise<ReceiptRow[]> {
  return receiptRows(db, clientId).orderBy('createdAt', 'desc');
}

/** One receipt (a payment's or a refund's id) of the client's; undefined for anyone else's. */
export async function clientReceiptRow(
  db: Knex,
  clientId: string,
  id: string,
): Promise<ReceiptRow | undefined> {
  return receiptRows(db, clientId).where({ id }).first();
}
