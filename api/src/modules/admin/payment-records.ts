import { ADMIN_PAGE_SIZE } from '@twinclean/shared/admin-pages';
import type {
  AdminPaymentRecord,
  AdminRefund,
  PaymentRecordFilters,
  PaymentRecordsPage,
} from '@twinclean/shared/admin-payments';
import { centsToDollars } from '@twinclean/shared/money';
import type { GatewayName, PaymentKind } from '@twinclean/shared/payments';
import { addDays, chicagoInstant } from '@twinclean/shared/schedule';
import type { ServiceType } from '@twinclean/shared/services';
import type { Plan } from '@twinclean/shared/subscriptions';
import type { Knex } from 'knex';
import { fullNameSql } from '../../core/sql';
import { notFound } from '../../errors';

type Row = {
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

type RefundRow = {
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

async function refundsOf(db: Knex, paymentIds: string[]): Promise<Map<string, AdminRefund[]>> {
  const rows: RefundRow[] = await db('refunds as r')
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
  const byPayment = new Map<string, AdminRefund[]>();
  for (const row of rows) {
    const list = byPayment.get(row.paymentId) ?? [];
    list.push({
      id: row.id,
      gatewayRefundId: row.gatewayRefundId,
      amount: centsToDollars(row.amountCents),
      reason: row.reason,
      createdBy: row.createdByName,
      createdAt: new Date(row.createdAt).toISOString(),
    });
    byPayment.set(row.paymentId, list);
  }
  return byPayment;
}

function subjectOf(row: Row): AdminPaymentRecord['subject'] {
  if (row.bookingId && row.serviceType) {
    return {
      type: 'booking',
      id: row.bookingId,
      serviceType: row.serviceType,
      scheduledDate: row.scheduledDate ?? '',
      address: row.address ?? '',
      city: row.city ?? '',
      state: row.state ?? '',
    };
  }
  if (row.subscriptionId && row.plan) {
    return { type: 'subscription', id: row.subscriptionId, plan: row.plan };
  }
  return null;
}

const toRecord = (row: Row, refunds: AdminRefund[]): AdminPaymentRecord => ({
  id: row.id,
  kind: row.kind,
  status: row.status,
  amount: centsToDollars(row.amountCents),
  refunded: centsToDollars(row.refundedCents),
  refundable: centsToDollars(row.status === 'succeeded' ? row.amountCents - row.refundedCents : 0),
  gateway: row.gateway,
  gatewayPaymentId: row.gatewayPaymentId,
  cardLast4: row.cardLast4,
  failureMessage: row.failureMessage,
  createdAt: new Date(row.createdAt).toISOString(),
  client: { id: row.clientId, name: row.clientName.trim(), email: row.clientEmail },
  subject: subjectOf(row),
  refunds,
});

/** GET /api/admin/payment-records: the newest first, a page at a time, each with its refunds. */
export async function listPaymentRecords(
  db: Knex,
  filters: PaymentRecordFilters,
): Promise<PaymentRecordsPage> {
  const page = filters.page ?? 1;
  const [rows, counted] = await Promise.all([
    filtered(recordRows(db), filters)
      .orderBy([
        { column: 'p.createdAt', order: 'desc' },
        { column: 'p.id', order: 'desc' },
      ])
      .limit(ADMIN_PAGE_SIZE)
      .offset((page - 1) * ADMIN_PAGE_SIZE) as Promise<Row[]>,
    filtered(
      db('payments as p')
        .leftJoin('bookings as b', 'b.id', 'p.bookingId')
        .leftJoin('users as u', 'u.id', 'p.userId'),
      filters,
    )
      .count({ n: '*' })
      .first(),
  ]);
  const refunds = await refundsOf(
    db,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((row) => toRecord(row, refunds.get(row.id) ?? [])),
    page,
    pageSize: ADMIN_PAGE_SIZE,
    total: Number(counted?.n ?? 0),
  };
}

/** One payment as the list shows it. */
export async function paymentRecord(db: Knex, id: string): Promise<AdminPaymentRecord> {
  const row: Row | undefined = await recordRows(db).where('p.id', id).first();
  if (!row) throw notFound('Payment');
  const refunds = await refundsOf(db, [id]);
  return toRecord(row, refunds.get(id) ?? []);
}
