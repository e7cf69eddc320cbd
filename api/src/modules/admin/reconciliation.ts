import type { Reconciliation, ReconciliationQuery } from '@twinclean/shared/admin-reconciliation';
import { centsToDollars } from '@twinclean/shared/money';
import { addDays, chicagoInstant } from '@twinclean/shared/schedule';
import { transferReconciliationViews } from '../admin-transfers/transfers-reconcile-view';
import { type ReconcileDeps, reconcileMoney } from '../payments/reconcile';

const dollarsOrNull = (cents: number | null) => (cents === null ? null : centsToDollars(cents));

/**
 * GET /api/admin/reconciliation: the ledger against the gateway's records for whole days, from
 * the first day's midnight to the midnight after the last, in America/Chicago as the other
 * finance pages count days; the weekly transfers to providers beside payments and refunds.
 */
export async function reconciliationReport(
  deps: ReconcileDeps,
  query: ReconciliationQuery,
): Promise<Reconciliation> {
  const period = {
    from: chicagoInstant(query.from, '00:00'),
    to: chicagoInstant(addDays(query.to, 1), '00:00'),
  };
  const [result, transfers] = await Promise.all([
    reconcileMoney(deps, period),
    transferReconciliationViews(deps, period),
  ]);
  const money = result.differences.map((d) => ({
    kind: d.kind,
    record: d.record,
    gatewayId: d.gatewayId,
    paymentIntentId: d.paymentIntentId,
    ledgerId: d.ledgerId,
    ledgerAmount: dollarsOrNull(d.ledgerAmountCents),
    gatewayAmount: dollarsOrNull(d.gatewayAmountCents),
    ledgerStatus: d.ledgerStatus,
    gatewayStatus: d.gatewayStatus,
    at: d.at.toISOString(),
  }));
  return {
    from: query.from,
    to: query.to,
    gateway: deps.gateway.name,
    checked: { ...result.checked, transfers: transfers.checked },
    // The oldest first, whatever moved the money.
    differences: [...money, ...transfers.differences].sort(
      (a, b) => a.at.localeCompare(b.at) || a.gatewayId.localeCompare(b.gatewayId),
    ),
  };
}
