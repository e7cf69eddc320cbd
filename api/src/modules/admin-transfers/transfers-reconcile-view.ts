import type { MoneyDifferenceView } from '@twinclean/shared/admin-reconciliation';
import { centsToDollars } from '@twinclean/shared/money';
import type { GatewayPeriod } from '../../adapters/payments/gateway';
import {
  reconcileTransfers,
  type TransferDifference,
  type TransferReconcileDeps,
} from './transfers-reconcile';

const dollarsOrNull = (cents: number | null) => (cents === null ? null : centsToDollars(cents));

/** A transfer's difference as the reconciliation page lists it beside payments and refunds. */
export const transferDifferenceView = (d: TransferDifference): MoneyDifferenceView => ({
  kind: d.kind,
  record: d.record,
  gatewayId: d.gatewayId,
  // A transfer is its own payment, as a payment is.
  paymentIntentId: d.gatewayId,
  ledgerId: d.ledgerId,
  ledgerAmount: dollarsOrNull(d.ledgerAmountCents),
  gatewayAmount: dollarsOrNull(d.gatewayAmountCents),
  ledgerStatus: d.ledgerStatus,
  gatewayStatus: d.gatewayStatus,
  ...(d.linesAmountCents === undefined ? {} : { linesAmount: centsToDollars(d.linesAmountCents) }),
  ...(d.payoutId === undefined ? {} : { payoutId: d.payoutId }),
  at: d.at.toISOString(),
});

/** The weekly transfers' part of GET /api/admin/reconciliation. */
export async function transferReconciliationViews(
  deps: TransferReconcileDeps,
  period: GatewayPeriod,
): Promise<{ checked: number; differences: MoneyDifferenceView[] }> {
  const { checked, differences } = await reconcileTransfers(deps, period);
  return { checked, differences: differences.map(transferDifferenceView) };
}
