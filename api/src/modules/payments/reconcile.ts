import type { Knex } from 'knex';
import type {
  GatewayPeriod,
  GatewayRefundRecord,
  PaymentGateway,
} from '../../adapters/payments/gateway';
import {
  type LedgerPayment,
  type LedgerRefund,
  ledgerPaymentsIn,
  ledgerPaymentsOf,
  ledgerRefundsIn,
  ledgerRefundsOf,
} from './reconcile.sql';
import {
  type GatewayPaymentSide,
  type MoneyDifference,
  paymentDifference,
  refundDifference,
} from './reconcile-compare';

export type { DifferenceKind, MoneyDifference } from './reconcile-compare';

export type ReconcileDeps = { db: Knex; gateway: PaymentGateway };

export type MoneyReconciliation = {
  from: Date;
  to: Date;
  /** How many payments and refunds either side has in the period. */
  checked: { payments: number; refunds: number };
  /** The oldest first. */
  differences: MoneyDifference[];
};

type Side<T> = Map<string, T>;
const byId = <T>(rows: T[], idOf: (row: T) => string): Side<T> =>
  new Map(rows.map((row) => [idOf(row), row]));
const absentFrom = <T>(side: Side<T>, ids: Iterable<string>) =>
  [...ids].filter((id) => !side.has(id));

async function comparePayments({ db, gateway }: ReconcileDeps, period: GatewayPeriod) {
  const [charges, rows] = await Promise.all([
    gateway.listCharges(period),
    ledgerPaymentsIn(db, gateway.name, period),
  ]);
  const theirs: Side<GatewayPaymentSide> = byId(charges, (c) => c.id);
  const ours: Side<LedgerPayment> = byId(rows, (p) => p.gatewayPaymentId);
  // A payment's two sides may fall either side of an edge (the intent at 23:59:59, its row a
  // second later): each side in the period is held against the other wherever it lies.
  const unmatched = absentFrom(ours, theirs.keys());
  if (unmatched.length > 0) {
    for (const row of await ledgerPaymentsOf(db, gateway.name, unmatched)) {
      ours.set(row.gatewayPaymentId, row);
    }
  }
  for (const id of absentFrom(theirs, ours.keys())) {
    const intent = await gateway.retrieveIntent(id);
    if (intent) theirs.set(id, { ...intent, createdAt: null });
  }
  const ids = new Set([...theirs.keys(), ...ours.keys()]);
  const differences = [...ids].flatMap(
    (id) => paymentDifference(id, ours.get(id), theirs.get(id)) ?? [],
  );
  return { checked: ids.size, differences };
}

async function compareRefunds({ db, gateway }: ReconcileDeps, period: GatewayPeriod) {
  const [listed, rows] = await Promise.all([
    gateway.listRefunds(period),
    ledgerRefundsIn(db, gateway.name, period),
  ]);
  const theirs: Side<GatewayRefundRecord> = byId(listed, (r) => r.id);
  const ours: Side<LedgerRefund> = byId(rows, (r) => r.gatewayRefundId);
  const unmatched = absentFrom(ours, theirs.keys());
  if (unmatched.length > 0) {
    for (const row of await ledgerRefundsOf(db, gateway.name, unmatched)) {
      ours.set(row.gatewayRefundId, row);
    }
  }
  for (const id of absentFrom(theirs, ours.keys())) {
    const refund = await gateway.retrieveRefund(id);
    if (refund) theirs.set(id, refund);
  }
  const ids = new Set([...theirs.keys(), ...ours.keys()]);
  const differences = [...ids].flatMap(
    (id) => refundDifference(id, ours.get(id), theirs.get(id)) ?? [],
  );
  return { checked: ids.size, differences };
}

/**
 * Holds the payments and refunds ledger against the running gateway's own records for
 * [from, to) and lists where they disagree: money the gateway moved that we have no row for,
 * a row of ours the gateway never saw, or the two sides' amount or status apart. Reads only;
 * fault tests call it at their end and expect no differences.
 */
export async function reconcileMoney(
  deps: ReconcileDeps,
  { from, to }: { from: Date; to: Date },
): Promise<MoneyReconciliation> {
  const [payments, refunds] = await Promise.all([
    comparePayments(deps, { from, to }),
    compareRefunds(deps, { from, to }),
  ]);
  const differences = [...payments.differences, ...refunds.differences].sort(
    (a, b) => a.at.getTime() - b.at.getTime() || a.gatewayId.localeCompare(b.gatewayId),
  );
  return {
    from,
    to,
    checked: { payments: payments.checked, refunds: refunds.checked },
    differences,
  };
}
