import type { GatewayName } from '@twinclean/shared/payments';
import type { Knex } from 'knex';

// Our side of the money reconciliation: the payments and refunds the ledger holds for one
// gateway, by when they were written or by the gateway's ids (for a counterpart across a
// period's edge).

export type LedgerPayment = {
  id: string;
  gatewayPaymentId: string;
  status: 'requires_payment' | 'processing' | 'succeeded' | 'failed' | 'canceled';
  amountCents: number;
  createdAt: Date;
};

export type LedgerRefund = {
  id: string;
  gatewayRefundId: string;
  /** The gateway's id of the payment it gave back. */
  gatewayPaymentId: string;
  amountCents: number;
  createdAt: Date;
};

export type LedgerPeriod = { from: Date; to: Date };

const paymentRows = (db: Knex, gateway: GatewayName) =>
  db('payments')
    .select('id', 'gatewayPaymentId', 'status', 'amountCents', 'createdAt')
    .where({ gateway });

const refundRows = (db: Knex, gateway: GatewayName) =>
  db('refunds as r')
    .join('payments as p', 'p.id', 'r.paymentId')
    .select('r.id', 'r.gatewayRefundId', 'p.gatewayPaymentId', 'r.amountCents', 'r.createdAt')
    .where('p.gateway', gateway);

/** The gateway's payments the ledger wrote in [from, to). */
export function ledgerPaymentsIn(
  db: Knex,
  gateway: GatewayName,
  { from, to }: LedgerPeriod,
): Promise<LedgerPayment[]> {
  return paymentRows(db, gateway).where('createdAt', '>=', from).where('createdAt', '<', to);
}

/** The gateway's payments the ledger has for these gateway ids, whenever written. */
export function ledgerPaymentsOf(
  db: Knex,
  gateway: GatewayName,
  gatewayPaymentIds: string[],
): Promise<LedgerPayment[]> {
  return paymentRows(db, gateway).whereIn('gatewayPaymentId', gatewayPaymentIds);
}

/** The refunds of the gateway's payments the ledger wrote in [from, to). */
export function ledgerRefundsIn(
  db: Knex,
  gateway: GatewayName,
  { from, to }: LedgerPeriod,
): Promise<LedgerRefund[]> {
  return refundRows(db, gateway).where('r.createdAt', '>=', from).where('r.createdAt', '<', to);
}

/** The refunds the ledger has for these gateway refund ids, whenever written. */
export function ledgerRefundsOf(
  db: Knex,
  gateway: GatewayName,
  gatewayRefundIds: string[],
): Promise<LedgerRefund[]> {
  return refundRows(db, gateway).whereIn('r.gatewayRefundId', gatewayRefundIds);
}
