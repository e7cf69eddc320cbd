import { ADMIN_PAGE_SIZE } from '@twinclean/shared/admin-pages';
import type { AdminPaymentRecord, PaymentRecordFilters } from '@twinclean/shared/admin-payments';
import type { GatewayName, PaymentKind } from '@twinclean/shared/payments';
import { addDays, chicagoInstant } from '@twinclean/shared/schedule';
import type { ServiceType } from '@twinclean/shared/services';
import type { Plan } from '@twinclean/shared/subscriptions';
import type { Knex } from 'knex';
import { fullNameSql } from '../../core/sql';

// The payments' admin table: each payment with what it paid for and whose it is, and its refunds
// with who made them.

export type PaymentRecordRow = {
  id: string;
  kind: PaymentKind;
  status: AdminPaymentRecord['status'];
  amountCents: number;
  refundedCents: number;
  gateway: GatewayName;
  gatewayPaymentId: string;
  cardLast4: string | null;
  failureMessage: string | null;
  createdAt: Date;
  userId: string | null;
  bookingId: string | null;
  subscriptionId: string | null;
  serviceType: ServiceType | null;
  scheduledDate: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  plan: Plan | null;
  clientId: string | null;
  clientName: string;
  clientEmail: string;
};

export type RefundRecordRow = {
  id: string;
  paymentId: string;
  gatewayRefundId: string;
  amountCents: number;
  reason: string;
  createdByName: string | null;
  createdAt: Date;
};

/**
 * Payments with what they paid for and whose they are: a booking's client as booked (guests
 * have no account), else the paying account (a membership).
 */
function recordRows(db: Knex) {
  return db('payments as p')
    .leftJoin('bookings as b', 'b.id', 'p.bookingId')
    .leftJoin('subscriptions as s', 's.id', 'p.subscriptionId')
    .leftJoin('users as u', 'u.id', 'p.userId')
    .select(
      'p.id',
      'p.kind',
      'p.status',
      'p.amountCents',
      'p.refundedCents',
      'p.gateway',
      'p.gatewayPaymentId',
      'p.cardLast4',
      'p.failureMessage',
      'p.createdAt',
      'p.userId',
      'p.bookingId',
      'p.subscriptionId',
      'b.serviceType',
      'b.scheduledDate',
      'b.address',
      'b.city',
      'b.state',
      's.plan',
      db.raw('COALESCE(b.client_id, p.user_id) AS client_id'),
      db.raw(`COALESCE(${fullNameSql('b', 'client_')}, ${fullNameSql('u')}, '') AS client_name`),
      db.raw("COALESCE(b.client_email, u.email, '') AS client_email"),
    );
}

/** `text` as a LIKE pattern that matches it anywhere, its own % and _ taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filtered(query: Knex.QueryBuilder, filters: PaymentRecordFilters) {
  const { kind, status, search, from, to } = filters;
  return query
    .modify((q) => (kind ? q.where('p.kind', kind) : q))
    .modify((q) => (status ? q.where('p.status', status) : q))
    .modify((q) => (from ? q.where('p.createdAt', '>=', chicagoInstant(from, '00:00')) : q))
    .modify((q) => (to ? q.where('p.createdAt', '<', chicagoInstant(addDays(to, 1), '00:00')) : q))
    .modify((q) => {
      if (!search) return q;
      const like = containing(search);
      return q.where((w) =>
        w
          .whereILike('p.gatewayPaymentId', like)
          .orWhereRaw(`${fullNameSql('b', 'client_')} ILIKE ?`, [like])
          .orWhereILike('b.clientEmail', like)
          .orWhereRaw(`${fullNameSql('u')} ILIKE ?`, [like])
          .orWhereILike('u.email', like)
          .orWhereExists((r) =>
            r
              .from('refunds as r')
              .whereRaw('r.payment_id = p.id')
              .whereILike('r.gatewayRefundId', like),
          ),
      );
    });
}

/** Page `page` of the payments the filters choose, the newest first. */
export function paymentRecordPage(
  db: Knex,
  filters: PaymentRecordFilters,
  page: number,
): Promise<PaymentRecordRow[]> {
  return filtered(recordRows(db), filters)
    .orderBy([
      { column: 'p.createdAt', order: 'desc' },
      { column: 'p.id', order: 'desc' },
    ])
    .limit(ADMIN_PAGE_SIZE)
    .offset((page - 1) * ADMIN_PAGE_SIZE);
}

/** How many payments the filters choose (joined only to what the search reads). */
export async function paymentRecordCount(db: Knex, filters: PaymentRecordFilters): Promise<number> {
  const counted = await filtered(
    db('payments as p')
      .leftJoin('bookings as b', 'b.id', 'p.bookingId')
      .leftJoin('users as u', 'u.id', 'p.userId'),
    filters,
  )
    .count({ n: '*' })
    .first();
  return Number(counted?.n ?? 0);
}

/** One payment as the table shows it. */
export function paymentRecordRow(db: Knex, id: string): Promise<PaymentRecordRow | undefined> {
  return recordRows(db).where('p.id', id).first();
}

/** The refunds of these payments, the oldest first, with who made them. */
export function refundRecordRows(db: Knex, paymentIds: string[]): Promise<RefundRecordRow[]> {
  return db('refunds as r')
    .leftJoin('users as a', 'a.id', 'r.createdBy')
    .whereIn('r.paymentId', paymentIds)
    .select(
      'r.id',
      'r.paymentId',
      'r.gatewayRefundId',
      'r.amountCents',
      'r.reason',
      'r.createdAt',
      db.raw(`${fullNameSql('a')} AS created_by_name`),
    )
    .orderBy([
      { column: 'r.createdAt', order: 'asc' },
      { column: 'r.id', order: 'asc' },
    ]);
}
