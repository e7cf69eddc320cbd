import { ADMIN_PAGE_SIZE } from '@twinclean/shared/admin-pages';
import type {
  AdminPaymentRecord,
  AdminRefund,
  PaymentRecordFilters,
  PaymentRecordsPage,
} from '@twinclean/shared/admin-payments';
import { centsToDollars } from '@twinclean/shared/money';
import type { Knex } from 'knex';
import { notFound } from '../../errors';
import {
  type PaymentRecordRow,
  paymentRecordCount,
  paymentRecordPage,
  paymentRecordRow,
  refundRecordRows,
} from './payment-records.sql';

async function refundsOf(db: Knex, paymentIds: string[]): Promise<Map<string, AdminRefund[]>> {
  const byPayment = new Map<string, AdminRefund[]>();
  for (const row of await refundRecordRows(db, paymentIds)) {
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

function subjectOf(row: PaymentRecordRow): AdminPaymentRecord['subject'] {
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

const toRecord = (row: PaymentRecordRow, refunds: AdminRefund[]): AdminPaymentRecord => ({
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
  const [rows, total] = await Promise.all([
    paymentRecordPage(db, filters, page),
    paymentRecordCount(db, filters),
  ]);
  const refunds = await refundsOf(
    db,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((row) => toRecord(row, refunds.get(row.id) ?? [])),
    page,
    pageSize: ADMIN_PAGE_SIZE,
    total,
  };
}

/** One payment as the list shows it. */
export async function paymentRecord(db: Knex, id: string): Promise<AdminPaymentRecord> {
  const row = await paymentRecordRow(db, id);
  if (!row) throw notFound('Payment');
  const refunds = await refundsOf(db, [id]);
  return toRecord(row, refunds.get(id) ?? []);
}
