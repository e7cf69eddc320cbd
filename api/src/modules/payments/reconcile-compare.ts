import type { GatewayRefundRecord, IntentStatus } from '../../adapters/payments/gateway';
import type { LedgerPayment, LedgerRefund } from './reconcile.sql';

// How one payment or refund, as our ledger and the gateway each keep it, can disagree. Only
// money counts: an intent nobody paid (declined, canceled, abandoned) is no difference whether
// or not the ledger wrote a row for it.

export type DifferenceKind =
  | 'missing_in_ledger'
  | 'missing_at_gateway'
  | 'amount_differs'
  | 'status_differs';

export type MoneyDifference = {
  kind: DifferenceKind;
  record: 'payment' | 'refund';
  /** The gateway's id of the payment, or of the refund. */
  gatewayId: string;
  /** The payment a refund gave back (the gateway's id); a payment's own id for a payment. */
  paymentIntentId: string;
  /** Our payments or refunds row; null when the ledger has none. */
  ledgerId: string | null;
  ledgerAmountCents: number | null;
  gatewayAmountCents: number | null;
  ledgerStatus: string | null;
  gatewayStatus: string | null;
  /** When the earlier side was written: where the difference sits in time. */
  at: Date;
};

/** The gateway's side of a payment: from its list of the period, or asked for by id. */
export type GatewayPaymentSide = {
  id: string;
  status: IntentStatus;
  amountCents: number;
  createdAt: Date | null;
};

const earliest = (...dates: (Date | null | undefined)[]) =>
  new Date(Math.min(...dates.flatMap((d) => (d ? [d.getTime()] : []))));

// A refund the gateway failed or canceled gave nothing back.
const refundMoved = (status: GatewayRefundRecord['status']) =>
  status === 'succeeded' || status === 'pending';

function paymentKind(
  ours: LedgerPayment | undefined,
  theirs: GatewayPaymentSide | undefined,
): DifferenceKind | null {
  const ourPaid = ours?.status === 'succeeded';
  const theirPaid = theirs?.status === 'succeeded';
  if (!ours) return theirPaid ? 'missing_in_ledger' : null;
  if (!theirs) return ourPaid ? 'missing_at_gateway' : null;
  if (ourPaid !== theirPaid) return 'status_differs';
  return ourPaid && ours.amountCents !== theirs.amountCents ? 'amount_differs' : null;
}

export function paymentDifference(
  gatewayId: string,
  ours: LedgerPayment | undefined,
  theirs: GatewayPaymentSide | undefined,
): MoneyDifference | null {
  const kind = paymentKind(ours, theirs);
  if (!kind) return null;
  return {
    kind,
    record: 'payment',
    gatewayId,
    paymentIntentId: gatewayId,
    ledgerId: ours?.id ?? null,
    ledgerAmountCents: ours?.amountCents ?? null,
    gatewayAmountCents: theirs?.amountCents ?? null,
    ledgerStatus: ours?.status ?? null,
    gatewayStatus: theirs?.status ?? null,
    at: earliest(ours?.createdAt, theirs?.createdAt),
  };
}

function refundKind(
  ours: LedgerRefund | undefined,
  theirs: GatewayRefundRecord | undefined,
): DifferenceKind | null {
  if (!ours) return theirs && refundMoved(theirs.status) ? 'missing_in_ledger' : null;
  if (!theirs) return 'missing_at_gateway';
  if (!refundMoved(theirs.status)) return 'status_differs';
  return ours.amountCents !== theirs.amountCents ? 'amount_differs' : null;
}

export function refundDifference(
  gatewayId: string,
  ours: LedgerRefund | undefined,
  theirs: GatewayRefundRecord | undefined,
): MoneyDifference | null {
  const kind = refundKind(ours, theirs);
  if (!kind) return null;
  return {
    kind,
    record: 'refund',
    gatewayId,
    paymentIntentId: ours?.gatewayPaymentId ?? theirs?.paymentIntentId ?? '',
    ledgerId: ours?.id ?? null,
    ledgerAmountCents: ours?.amountCents ?? null,
    gatewayAmountCents: theirs?.amountCents ?? null,
    // A row in the refunds table is a refund we count as made.
    ledgerStatus: ours ? 'succeeded' : null,
    gatewayStatus: theirs?.status ?? null,
    at: earliest(ours?.createdAt, theirs?.createdAt),
  };
}
