import type { Knex } from 'knex';
import type {
  GatewayPeriod,
  GatewayTransfer,
  PaymentGateway,
} from '../../adapters/payments/gateway';
import { transferGroupOf } from '../payout-transfers/names';
import {
  type LedgerTransfer,
  ledgerTransfersById,
  ledgerTransfersIn,
  ledgerTransfersOf,
  unevenTransfersIn,
  unpaidPayoutsIn,
} from './transfers-reconcile.sql';

// The weekly transfers held against the gateway's own (issue 33, "Money stays consistent"): a
// transfer the gateway made that our ledger does not show sent, one we recorded that the gateway
// does not have, the two amounts apart; and within the ledger, a paid transfer whose frozen lines
// do not add up to it, or whose payouts are not paid.

export type TransferDifferenceKind =
  | 'missing_in_ledger'
  | 'missing_at_gateway'
  | 'amount_differs'
  | 'lines_differ'
  | 'payout_not_paid';

export type TransferDifference = {
  kind: TransferDifferenceKind;
  record: 'transfer';
  /** The gateway's id of the transfer; empty when neither side has one. */
  gatewayId: string;
  /** Our payout_transfers row; null when the ledger has none. */
  ledgerId: string | null;
  ledgerAmountCents: number | null;
  gatewayAmountCents: number | null;
  /** Our transfer's status (a payout's, for payout_not_paid). */
  ledgerStatus: string | null;
  /** 'paid' when the gateway has the transfer. */
  gatewayStatus: string | null;
  /** lines_differ: what the lines add up to. */
  linesAmountCents?: number;
  /** payout_not_paid: the payout. */
  payoutId?: string;
  at: Date;
};

export type TransferReconciliation = {
  /** How many transfers either side has in the period. */
  checked: number;
  differences: TransferDifference[];
};

export type TransferReconcileDeps = { db: Knex; gateway: PaymentGateway };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const earliest = (...dates: (Date | null | undefined)[]) =>
  new Date(Math.min(...dates.flatMap((d) => (d ? [new Date(d).getTime()] : []))));

/** Where a gateway's transfer and ours (by the gateway's id) disagree; null when they agree. */
function compared(
  id: string,
  ours: LedgerTransfer | undefined,
  theirs: GatewayTransfer | undefined,
  claimed: LedgerTransfer | undefined,
): TransferDifference | null {
  const kind: TransferDifferenceKind | null = !ours
    ? 'missing_in_ledger'
    : !theirs
      ? 'missing_at_gateway'
      : ours.amountCents !== theirs.amountCents
        ? 'amount_differs'
        : null;
  if (!kind) return null;
  // A gateway transfer we never heard back about still names the row it was sent for.
  const row = ours ?? claimed;
  return {
    kind,
    record: 'transfer',
    gatewayId: id,
    ledgerId: row?.id ?? null,
    ledgerAmountCents: row?.amountCents ?? null,
    gatewayAmountCents: theirs?.amountCents ?? null,
    ledgerStatus: row?.status ?? null,
    gatewayStatus: theirs ? 'paid' : null,
    at: earliest(ours?.sentAt, theirs?.createdAt),
  };
}

async function compareSides({ db, gateway }: TransferReconcileDeps, period: GatewayPeriod) {
  const [listed, rows] = await Promise.all([
    gateway.connect.listTransfers(period),
    ledgerTransfersIn(db, gateway.name, period),
  ]);
  const theirs = new Map(listed.map((t) => [t.id, t]));
  const ours = new Map(rows.map((t) => [t.gatewayTransferId as string, t]));
  // Each side in the period is held against the other wherever it lies (sent at 23:59:59, the
  // gateway's clock a second on).
  const unmatched = [...theirs.keys()].filter((id) => !ours.has(id));
  if (unmatched.length > 0) {
    for (const row of await ledgerTransfersOf(db, gateway.name, unmatched)) {
      ours.set(row.gatewayTransferId as string, row);
    }
  }
  for (const row of rows) {
    const id = row.gatewayTransferId as string;
    if (theirs.has(id)) continue;
    const found = await gateway.connect.findTransfer(
      transferGroupOf(row.providerId, row.weekStart),
    );
    if (found?.id === id) theirs.set(id, found);
  }
  // What the gateway made that we did not record: the row it was sent for, by its metadata.
  const orphans = [...theirs.values()].filter((t) => !ours.has(t.id));
  const claimedIds = orphans.flatMap((t) => {
    const id = t.metadata.transferId;
    return id && UUID.test(id) ? [id] : [];
  });
  const claimed = new Map(
    claimedIds.length > 0
      ? (await ledgerTransfersById(db, gateway.name, claimedIds)).map((r) => [r.id, r])
      : [],
  );
  const ids = new Set([...theirs.keys(), ...ours.keys()]);
  const differences = [...ids].flatMap((id) => {
    const gatewaySide = theirs.get(id);
    const claim = gatewaySide ? claimed.get(gatewaySide.metadata.transferId ?? '') : undefined;
    return compared(id, ours.get(id), gatewaySide, claim) ?? [];
  });
  return { checked: ids.size, differences };
}

/** Paid transfers of the period that disagree with their own lines or payouts. */
async function ledgerDifferences(
  { db, gateway }: TransferReconcileDeps,
  period: GatewayPeriod,
): Promise<TransferDifference[]> {
  const [uneven, unpaid] = await Promise.all([
    unevenTransfersIn(db, gateway.name, period),
    unpaidPayoutsIn(db, gateway.name, period),
  ]);
  return [
    ...uneven.map(
      (t): TransferDifference => ({
        kind: 'lines_differ',
        record: 'transfer',
        gatewayId: t.gatewayTransferId ?? '',
        ledgerId: t.id,
        ledgerAmountCents: t.amountCents,
        gatewayAmountCents: null,
        ledgerStatus: 'paid',
        gatewayStatus: null,
        linesAmountCents: t.linesCents,
        at: new Date(t.sentAt),
      }),
    ),
    ...unpaid.map(
      (p): TransferDifference => ({
        kind: 'payout_not_paid',
        record: 'transfer',
        gatewayId: p.gatewayTransferId ?? '',
        ledgerId: p.transferId,
        ledgerAmountCents: p.amountCents,
        gatewayAmountCents: null,
        ledgerStatus: p.payoutStatus,
        gatewayStatus: null,
        payoutId: p.payoutId,
        at: new Date(p.sentAt),
      }),
    ),
  ];
}

/**
 * The running gateway's transfers against the ledger's for [from, to), and the ledger's paid
 * transfers against their lines and payouts. Reads only.
 */
export async function reconcileTransfers(
  deps: TransferReconcileDeps,
  period: GatewayPeriod,
): Promise<TransferReconciliation> {
  const [sides, ledger] = await Promise.all([
    compareSides(deps, period),
    ledgerDifferences(deps, period),
  ]);
  const differences = [...sides.differences, ...ledger].sort(
    (a, b) => a.at.getTime() - b.at.getTime() || a.gatewayId.localeCompare(b.gatewayId),
  );
  return { checked: sides.checked, differences };
}
