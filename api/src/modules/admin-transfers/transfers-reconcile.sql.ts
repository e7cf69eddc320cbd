import type { GatewayName } from '@twinclean/shared/payments';
import type { Knex } from 'knex';

// Our side of the transfers' reconciliation (issue 33): the weekly transfers the gateway took,
// by when they were sent, by the gateway's ids or by ours (for a counterpart across a period's
// edge, or one whose sending we never heard back from); and the paid transfers whose own lines
// or payouts disagree with them.

export type LedgerTransfer = {
  id: string;
  providerId: string;
  weekStart: string;
  status: 'pending' | 'paid' | 'failed' | 'canceled';
  gatewayTransferId: string | null;
  amountCents: number;
  sentAt: Date | null;
  createdAt: Date;
};

export type LedgerPeriod = { from: Date; to: Date };

/** A paid transfer whose lines do not add up to it. */
export type UnevenTransfer = {
  id: string;
  gatewayTransferId: string | null;
  amountCents: number;
  tipCents: number;
  linesCents: number;
  lineTipCents: number;
  sentAt: Date;
};

/** A payout a paid transfer paid the pay of, which the ledger does not show paid. */
export type UnpaidPayout = {
  transferId: string;
  gatewayTransferId: string | null;
  amountCents: number;
  sentAt: Date;
  payoutId: string;
  payoutStatus: string;
};

const transferRows = (db: Knex, gateway: GatewayName) =>
  db('payoutTransfers')
    .select(
      'id',
      'providerId',
      'weekStart',
      'status',
      'gatewayTransferId',
      'amountCents',
      'sentAt',
      'createdAt',
    )
    .where({ gateway });

const paidIn = (query: Knex.QueryBuilder, { from, to }: LedgerPeriod) =>
  query.where('t.status', 'paid').where('t.sentAt', '>=', from).where('t.sentAt', '<', to);

/** The gateway's transfers the ledger recorded as sent in [from, to). */
export function ledgerTransfersIn(
  db: Knex,
  gateway: GatewayName,
  { from, to }: LedgerPeriod,
): Promise<LedgerTransfer[]> {
  return transferRows(db, gateway)
    .whereNotNull('gatewayTransferId')
    .where('sentAt', '>=', from)
    .where('sentAt', '<', to);
}

/** The ledger's transfers with these gateway ids, whenever sent. */
export function ledgerTransfersOf(
  db: Knex,
  gateway: GatewayName,
  gatewayTransferIds: string[],
): Promise<LedgerTransfer[]> {
  return transferRows(db, gateway).whereIn('gatewayTransferId', gatewayTransferIds);
}

/** The ledger's transfers with these ids of ours (as a gateway transfer's metadata names them). */
export function ledgerTransfersById(
  db: Knex,
  gateway: GatewayName,
  ids: string[],
): Promise<LedgerTransfer[]> {
  return transferRows(db, gateway).whereIn('id', ids);
}

/** Transfers sent in [from, to) whose lines' pay and tips are not their amount and tips. */
export function unevenTransfersIn(
  db: Knex,
  gateway: GatewayName,
  period: LedgerPeriod,
): Promise<UnevenTransfer[]> {
  return paidIn(db('payoutTransfers as t'), period)
    .where('t.gateway', gateway)
    .leftJoin('payoutTransferLines as l', 'l.transferId', 't.id')
    .groupBy('t.id')
    .select(
      't.id',
      't.gatewayTransferId',
      't.amountCents',
      't.tipCents',
      't.sentAt',
      db.raw('COALESCE(SUM(l.pay_cents + l.tip_cents), 0)::int AS lines_cents'),
      db.raw('COALESCE(SUM(l.tip_cents), 0)::int AS line_tip_cents'),
    )
    .havingRaw(
      'COALESCE(SUM(l.pay_cents + l.tip_cents), 0) <> t.amount_cents OR COALESCE(SUM(l.tip_cents), 0) <> t.tip_cents',
    )
    .orderBy([{ column: 't.sentAt' }, { column: 't.id' }]);
}

/** Payouts whose pay a transfer sent in [from, to) paid, and which are not paid. */
export function unpaidPayoutsIn(
  db: Knex,
  gateway: GatewayName,
  period: LedgerPeriod,
): Promise<UnpaidPayout[]> {
  return (
    paidIn(db('payoutTransfers as t'), period)
      .where('t.gateway', gateway)
      .join('payoutTransferLines as l', 'l.transferId', 't.id')
      .join('payouts as po', 'po.id', 'l.payoutId')
      // The payouts the transfer pays (the claim gave them to it: a $0.00 one with a tip too), not
      // those whose owed tip alone it carried.
      .where('po.transferId', db.ref('t.id'))
      .whereNot('po.status', 'paid')
      .select(
        't.id as transferId',
        't.gatewayTransferId',
        't.amountCents',
        't.sentAt',
        'po.id as payoutId',
        'po.status as payoutStatus',
      )
      .orderBy([{ column: 't.sentAt' }, { column: 'po.id' }])
  );
}
