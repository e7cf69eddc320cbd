import { CLIENT_DETAIL_ROWS } from '@twinclean/shared/admin-people';
import type { Knex } from 'knex';

// The client details page's figures: their newest bookings as the admin table lists them, the
// refunds of the payments it shows, and what they paid in all.

export type ClientBookingRecord = {
  id: string;
  serviceType: string;
  derivedStatus: string;
  scheduledDate: string;
  scheduledTime: string;
  address: string;
  city: string;
  totalAmountCents: number;
  amountPaidCents: number;
};

/** The client's newest bookings, latest visit first, and how many they have in all. */
export async function clientBookings(
  db: Knex,
  clientId: string,
): Promise<{ rows: ClientBookingRecord[]; total: number }> {
  const [rows, counted] = await Promise.all([
    db('bookings')
      .where({ clientId })
      .select(
        'id',
        'serviceType',
        'derivedStatus',
        'scheduledDate',
        'scheduledTime',
        'address',
        'city',
        'totalAmountCents',
        'amountPaidCents',
      )
      .orderBy([
        { column: 'scheduledDate', order: 'desc' },
        { column: 'scheduledTime', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(CLIENT_DETAIL_ROWS) as Promise<ClientBookingRecord[]>,
    db('bookings').where({ clientId }).count({ n: '*' }).first(),
  ]);
  return { rows, total: Number(counted?.n ?? 0) };
}

export type RefundRecord = {
  id: string;
  paymentId: string;
  amountCents: number;
  reason: string | null;
  createdAt: Date;
};

/** The refunds of these payments, oldest first. */
export function refundsOf(db: Knex, paymentIds: string[]): Promise<RefundRecord[]> {
  return db('refunds')
    .whereIn('paymentId', paymentIds)
    .orderBy([{ column: 'createdAt' }, { column: 'id' }]);
}

/** What the user's succeeded payments came to, less their refunds, in cents. */
export async function paidBy(db: Knex, userId: string): Promise<number> {
  const paid = await db('payments')
    .where({ userId, status: 'succeeded' })
    .first(db.raw('coalesce(sum(amount_cents - refunded_cents), 0)::bigint AS paid'));
  return Number(paid?.paid ?? 0);
}
