import type { GatewayName } from '@twinclean/shared/payments';
import type { Knex } from 'knex';

// Our side of the money reconciliation: the payments and refunds the ledger holds for one
// gateway (gift cards' purchases and refunds among them), by when they were written or by the
// gateway's ids (for a counterpart across a period's edge).

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

type Narrow = (query: Knex.QueryBuilder, columns: { at: string; id: string }) => Knex.QueryBuilder;

// A gift card's purchase and its refund are kept on its own row (gift_cards), not in payments and
// refunds: read beside them, as the gateway lists them all.
const paymentRows = (db: Knex, gateway: GatewayName, narrow: Narrow) =>
  narrow(
    db('payments')
      .select('id', 'gatewayPaymentId', 'status', 'amountCents', 'createdAt')
      .where({ gateway }),
    { at: 'createdAt', id: 'gatewayPaymentId' },
  ).unionAll(
    narrow(
      db('gift_cards')
        .select(
          'id',
          'gatewayPaymentId',
          db.raw(
            "CASE WHEN paid_at IS NULL THEN 'requires_payment' ELSE 'succeeded' END AS status",
          ),
          'amountCents',
          'createdAt',
        )
        .where({ gateway })
        .whereNotNull('gatewayPaymentId'),
      { at: 'createdAt', id: 'gatewayPaymentId' },
    ),
    true,
  );

const refundRows = (db: Knex, gateway: GatewayName, narrow: Narrow) =>
  narrow(
    db('refunds as r')
      .join('payments as p', 'p.id', 'r.paymentId')
      .select('r.id', 'r.gatewayRefundId', 'p.gatewayPaymentId', 'r.amountCents', 'r.createdAt')
      .where('p.gateway', gateway),
    { at: 'r.createdAt', id: 'r.gatewayRefundId' },
  ).unionAll(
    narrow(
      db('gift_cards')
        .select('id', 'gatewayRefundId', 'gatewayPaymentId', 'amountCents', 'voidedAt as createdAt')
        .where({ gateway })
        .whereNotNull('gatewayRefundId'),
      { at: 'voidedAt', id: 'gatewayRefundId' },
    ),
    true,
  );

const written =
  ({ from, to }: LedgerPeriod): Narrow =>
  (query, { at }) =>
    query.where(at, '>=', from).where(at, '<', to);
const named =
  (ids: string[]): Narrow =>
  (query, { id }) =>
    query.whereIn(id, ids);

/** The gateway's payments the ledger wrote in [from, to). */
export function ledgerPaymentsIn(
  db: Knex,
  gateway: GatewayName,
  period: LedgerPeriod,
): Promise<LedgerPayment[]> {
  return paymentRows(db, gateway, written(period));
}

/** The gateway's payments the ledger has for these gateway ids, whenever written. */
export function ledgerPaymentsOf(
  db: Knex,
  gateway: GatewayName,
  gatewayPaymentIds: string[],
): Promise<LedgerPayment[]> {
  return paymentRows(db, gateway, named(gatewayPaymentIds));
}

/** The refunds of the gateway's payments the ledger wrote in [from, to). */
export function ledgerRefundsIn(
  db: Knex,
  gateway: GatewayName,
  period: LedgerPeriod,
): Promise<LedgerRefund[]> {
  return refundRows(db, gateway, written(period));
}

/** The refunds the ledger has for these gateway refund ids, whenever written. */
export function ledgerRefundsOf(
  db: Knex,
  gateway: GatewayName,
  gatewayRefundIds: string[],
): Promise<LedgerRefund[]> {
  return refundRows(db, gateway, named(gatewayRefundIds));
}
