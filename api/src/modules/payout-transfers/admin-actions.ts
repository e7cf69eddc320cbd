import { audit } from '../../core/audit';
import { AppError, notFound } from '../../errors';
import { Payout } from '../../models/payout';
import { PayoutTransfer } from '../../models/payout-transfer';
import type { TransferDeps } from './deps';
import { transferGroupOf } from './names';
import { recordSent, sendTransfer, UNKNOWN_OUTCOME_MESSAGE } from './transfer-send';

// An admin's two levers on a delayed (failed) transfer. Only 'failed' ones: a 'pending' one is
// being (or about to be) sent, and a sender's attempt is never raced.

const HOLD_MS = 10 * 60 * 1000;

const notFailed = (status: PayoutTransfer['status']) =>
  status === 'pending'
    ? new AppError(
        409,
        'transfer_sending',
        'The transfer is being sent right now. Try again in a minute.',
      )
    : status === 'paid'
      ? new AppError(409, 'transfer_sent', 'This transfer was sent already.')
      : new AppError(409, 'transfer_canceled', 'This transfer was canceled.');

/** Retry now: a failed transfer is due at once and tried here. */
export async function retryTransferNow(deps: TransferDeps, id: string, now = new Date()) {
  await deps.db.transaction(async (trx) => {
    const transfer = await PayoutTransfer.query(trx).findById(id).forUpdate();
    if (!transfer) throw notFound('Transfer');
    if (transfer.status !== 'failed') throw notFailed(transfer.status);
    await transfer.$query(trx).patch({ nextAttemptAt: now });
  });
  return sendTransfer(deps, id, now);
}

/**
 * Cancel: held from the senders for a while, the gateway is asked whether it made this week's
 * transfer after all (then it is recorded as sent and the cancel refused); if not, it is
 * canceled and its payouts go back to Mark Paid. The week stays claimed: it is not paid twice.
 */
export async function cancelTransfer(
  deps: TransferDeps,
  actorId: string,
  id: string,
  now = new Date(),
) {
  const held = await deps.db.transaction(async (trx) => {
    const transfer = await PayoutTransfer.query(trx).findById(id).forUpdate();
    if (!transfer) throw notFound('Transfer');
    if (transfer.status !== 'failed') throw notFailed(transfer.status);
    // An attempt may still be in flight at the gateway: the lookup could miss what it makes.
    if (transfer.failureMessage === UNKNOWN_OUTCOME_MESSAGE) {
      throw new AppError(
        409,
        'transfer_outcome_unknown',
        'The gateway has not said whether this transfer was made. Use Retry now to find out; cancel it once the gateway refuses it.',
      );
    }
    await transfer.$query(trx).patch({ nextAttemptAt: new Date(now.getTime() + HOLD_MS) });
    return transfer;
  });
  const made = await deps.gateway.connect
    .findTransfer(transferGroupOf(held.providerId, held.weekStart))
    .catch((error: unknown) => {
      deps.logger.warn({ err: error, transferId: id }, 'transfer lookup failed');
      throw new AppError(
        503,
        'gateway_unavailable',
        'The payment gateway is not reachable. Please try again.',
        { retryAfterSeconds: 30 },
      );
    });
  const canceled = await deps.db.transaction(async (trx) => {
    const transfer = await PayoutTransfer.query(trx).findById(id).forUpdate();
    if (!transfer) throw notFound('Transfer');
    if (made) {
      await recordSent(trx, transfer, made);
      return false;
    }
    if (transfer.status !== 'failed') throw notFailed(transfer.status);
    await transfer.$query(trx).patch({ status: 'canceled', canceledBy: actorId });
    await Payout.query(trx).where({ transferId: id }).patch({ transferId: null });
    await audit(trx, {
      actorId,
      action: 'payout_transfer.canceled',
      entity: 'payout_transfer',
      entityId: id,
      before: { status: 'failed' },
      after: { status: 'canceled' },
    });
    return true;
  });
  if (!canceled) {
    throw new AppError(
      409,
      'transfer_made',
      'The gateway already made this transfer; it is now recorded as sent.',
    );
  }
}
