import {
  TRANSFER_CANCEL_MESSAGE,
  TRANSFER_RETRY_MESSAGE,
  type TransferActionAnswer,
} from '@twinclean/shared/payout-transfers';
import type { PaymentDeps } from '../payments/ledger';
import { cancelTransfer, retryTransferNow } from '../payout-transfers/admin-actions';
import { adminTransfer } from './transfers';

// The admin's two levers on a weekly transfer (DECISIONS.md "Payouts"); the rules (which states,
// the gateway's lookup before a cancel, the audit) live with the weekly run. Each answers the
// transfer as it now stands.

/**
 * POST /api/admin/payout-transfers/{id}/retry: a delayed transfer is tried again now (here, so the
 * answer says how it went: sent, or delayed again with the gateway's reason).
 */
export async function retryTransferAnswer(
  deps: PaymentDeps,
  id: string,
): Promise<TransferActionAnswer> {
  await retryTransferNow(deps, id);
  return { message: TRANSFER_RETRY_MESSAGE, transfer: await adminTransfer(deps.db, id) };
}

/** POST /api/admin/payout-transfers/{id}/cancel: its payouts go back to Mark Paid. */
export async function cancelTransferAnswer(
  deps: PaymentDeps,
  actorId: string,
  id: string,
): Promise<TransferActionAnswer> {
  await cancelTransfer(deps, actorId, id);
  return { message: TRANSFER_CANCEL_MESSAGE, transfer: await adminTransfer(deps.db, id) };
}
