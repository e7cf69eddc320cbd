import type { Reconciliation, ReconciliationQuery } from '@twinclean/shared/admin-reconciliation';
import { centsToDollars } from '@twinclean/shared/money';
import { addDays, chicagoInstant } from '@twinclean/shared/schedule';
import { type ReconcileDeps, reconcileMoney } from '../payments/reconcile';

const dollarsOrNull = (cents: number | null) => (cents === null ? null : centsToDollars(cents));

/**
 * GET /api/admin/reconciliation: the ledger against the gateway's records for whole days, from
 * the first day's midnight to the midnight after the last, in America/Chicago as the other
 * finance pages count days.
 */
export async function reconciliationReport(
  deps: ReconcileDeps,
  query: ReconciliationQuery,
): Promise<Reconciliation> {
  const result = await reconcileMoney(deps, {
    from: chicagoInstant(query.from, '00:00'),
    to: chicagoInstant(addDays(query.to, 1), '00:00'),
  });
  return {
    from: query.from,
    to: query.to,
    gateway: deps.gateway.name,
    checked: result.checked,
    differences: result.differences.map((d) => ({
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
    })),
  };
}
