import type { Knex } from 'knex';
import { type GatewayTransfer, TransferRefusedError } from '../../adapters/payments/gateway';
import { audit } from '../../core/audit';
import { Payout } from '../../models/payout';
import { PayoutTransfer, PayoutTransferLine } from '../../models/payout-transfer';
import type { TransferDeps } from './deps';
import { transferAttemptKey, transferGroupOf } from './names';
import { arrivalDateOf } from './week-schedule';

// Sending a claimed transfer (README "No outside call inside a transaction"): a short transaction
// takes a lease on it (status 'pending', the attempt counted, next try pushed past the lease),
// the gateway is asked with no transaction open — first whether it already made this week's
// transfer (a lost answer, a crash), else to make it under this attempt's key — and a second
// transaction records what happened. Never two transfers for one provider-week.

/** How long an attempt holds a transfer before another sweep may look again. */
const LEASE_MS = 15 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

export const UNKNOWN_OUTCOME_MESSAGE =
  'The payment gateway did not answer; the transfer will be looked up before it is tried again.';

/** After the nth failed attempt: 1 h, 2 h, 4 h … at most a day. */
export const retryDelayMs = (attempts: number) =>
  Math.min(2 ** Math.max(0, attempts - 1) * HOUR_MS, 24 * HOUR_MS);

export type SendResult = 'sent' | 'failed' | 'skipped';

/** Leased attempts wait this long before another sweep may look: longer than any gateway call. */
const leaseEnd = (now: Date) => new Date(Math.max(now.getTime(), Date.now()) + LEASE_MS);

async function lease(db: Knex, id: string, now: Date): Promise<PayoutTransfer | null> {
  return db.transaction(async (trx) => {
    const transfer = await PayoutTransfer.query(trx).findById(id).forUpdate().skipLocked();
    if (!transfer || !['pending', 'failed'].includes(transfer.status)) return null;
    if (transfer.nextAttemptAt.getTime() > now.getTime()) return null;
    const attempts = transfer.attempts + 1;
    // The lease runs on the real clock too: a sweep started long ago (a slow gateway) must not
    // leave an attempt it takes now open to another worker at once.
    await transfer.$query(trx).patch({ status: 'pending', attempts, nextAttemptAt: leaseEnd(now) });
    return Object.assign(transfer, { attempts, status: 'pending' as const });
  });
}

/**
 * Records a transfer the gateway made (under the caller's row lock): the transfer sent, and its
 * payouts paid (pay lines) and their tips paid out. A transfer already recorded is left as it is.
 */
export async function recordSent(
  trx: Knex.Transaction,
  transfer: PayoutTransfer,
  made: GatewayTransfer,
): Promise<void> {
  if (transfer.status === 'paid') return;
  const sentAt = made.createdAt;
  const sent = { gatewayTransferId: made.id, sentAt, arrivalDate: arrivalDateOf(sentAt) };
  if (transfer.status === 'canceled') {
    // Made by an attempt in flight while an owner canceled: the money moved, so it is recorded,
    // but its payouts went back to Mark Paid and may be paid already. Reconciliation shows it.
    await PayoutTransfer.query(trx)
      .findById(transfer.id)
      .patch({ status: 'paid', ...sent });
    await audit(trx, {
      actorId: null,
      action: 'payout_transfer.made_after_cancel',
      entity: 'payout_transfer',
      entityId: transfer.id,
      before: { status: 'canceled' },
      after: { status: 'paid', gatewayTransferId: made.id, sentAt: sentAt.toISOString() },
    });
    return;
  }
  await PayoutTransfer.query(trx)
    .findById(transfer.id)
    .patch({
      status: 'paid',
      ...sent,
      failureMessage: null,
    });
  // The payouts the claim gave to this transfer are paid by it: a $0.00 one with a tip too (its
  // line pays the tip only), which would otherwise stay pending and be offered to Mark Paid.
  await Payout.query(trx)
    .where({ transferId: transfer.id, status: 'pending' })
    .patch({ status: 'paid', paidAt: sentAt, paidBy: null });
  const lines = await PayoutTransferLine.query(trx).where({ transferId: transfer.id });
  for (const line of lines) {
    if (line.tipCents > 0) {
      await Payout.query(trx).findById(line.payoutId).increment('tipPaidCents', line.tipCents);
    }
  }
  await audit(trx, {
    actorId: null,
    action: 'payout_transfer.sent',
    entity: 'payout_transfer',
    entityId: transfer.id,
    before: { status: transfer.status },
    after: { status: 'paid', gatewayTransferId: made.id, sentAt: sentAt.toISOString() },
  });
}

type Outcome = { made: GatewayTransfer } | { failure: string; refused: boolean };

/**
 * Records what the gateway answered the leased attempt `attempt`. Money that moved is recorded
 * whatever happened meanwhile; a failure only while that attempt still holds the transfer (a
 * stale attempt never turns a live one into 'failed'). After a refusal the next attempt gets a
 * new key; after an unknown outcome it replays this one.
 */
async function recordOutcome(
  db: Knex,
  id: string,
  attempt: number,
  outcome: Outcome,
  now: Date,
): Promise<SendResult> {
  return db.transaction(async (trx) => {
    const transfer = await PayoutTransfer.query(trx).findById(id).forUpdate();
    if (!transfer) return 'skipped';
    if ('made' in outcome) {
      await recordSent(trx, transfer, outcome.made);
      return 'sent';
    }
    if (transfer.status !== 'pending' || transfer.attempts !== attempt) return 'skipped';
    await transfer.$query(trx).patch({
      status: 'failed',
      failureMessage: outcome.failure,
      keyAttempt: transfer.keyAttempt + (outcome.refused ? 1 : 0),
      nextAttemptAt: new Date(now.getTime() + retryDelayMs(transfer.attempts)),
    });
    return 'failed';
  });
}

/** One attempt at a transfer that is due; 'skipped' when it is not (or another worker has it). */
export async function sendTransfer(
  deps: TransferDeps,
  id: string,
  now = new Date(),
): Promise<SendResult> {
  const transfer = await lease(deps.db, id, now);
  if (!transfer) return 'skipped';
  const group = transferGroupOf(transfer.providerId, transfer.weekStart);
  const { attempts, keyAttempt } = transfer;
  try {
    const made =
      (await deps.gateway.connect.findTransfer(group)) ??
      (await deps.gateway.connect.createTransfer({
        accountId: transfer.accountId,
        amountCents: transfer.amountCents,
        transferGroup: group,
        description: `TwinClean pay, week of ${transfer.weekStart}`,
        metadata: {
          transferId: transfer.id,
          providerId: transfer.providerId,
          weekStart: transfer.weekStart,
        },
        idempotencyKey: transferAttemptKey(transfer.providerId, transfer.weekStart, keyAttempt),
      }));
    return await recordOutcome(deps.db, id, attempts, { made }, now);
  } catch (error) {
    const refused = error instanceof TransferRefusedError;
    deps.logger.warn(
      { err: refused ? undefined : error, transferId: id, attempt: attempts },
      refused ? `transfer refused: ${(error as Error).message}` : 'transfer outcome unknown',
    );
    const failure = refused ? (error as Error).message : UNKNOWN_OUTCOME_MESSAGE;
    return recordOutcome(deps.db, id, attempts, { failure, refused }, now);
  }
}

/** This gateway's transfers due to be tried now, oldest first (another gateway's never are). */
export async function dueTransferIds(
  db: Knex,
  gateway: 'local' | 'stripe',
  now = new Date(),
): Promise<string[]> {
  const due = await PayoutTransfer.query(db)
    .where('gateway', gateway)
    .whereIn('status', ['pending', 'failed'])
    .where('nextAttemptAt', '<=', now)
    .orderBy('createdAt')
    .select('id');
  return due.map((t) => t.id);
}
