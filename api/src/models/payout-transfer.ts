import { BaseModel, TimestampedModel } from './base-model';

export type PayoutTransferStatus = 'pending' | 'paid' | 'failed' | 'canceled';

/**
 * One provider's weekly transfer (DECISIONS.md "Payouts"): claimed once per provider and week,
 * sent until the gateway takes it. 'failed' is retried at nextAttemptAt; 'canceled' (by an admin,
 * only when the gateway holds no transfer) releases its payouts to Mark Paid.
 */
export class PayoutTransfer extends TimestampedModel {
  static override tableName = 'payout_transfers';

  declare id: string;
  declare providerId: string;
  /** The Monday (America/Chicago) of the week paid for, YYYY-MM-DD. */
  declare weekStart: string;
  declare amountCents: number;
  declare tipCents: number;
  declare status: PayoutTransferStatus;
  declare gateway: 'local' | 'stripe';
  declare accountId: string;
  declare gatewayTransferId: string | null;
  declare attempts: number;
  /** The idempotency key's number: moved on only after the gateway refused. */
  declare keyAttempt: number;
  declare nextAttemptAt: Date;
  declare failureMessage: string | null;
  declare sentAt: Date | null;
  /** YYYY-MM-DD. */
  declare arrivalDate: string | null;
  declare canceledBy: string | null;
}

/** What a transfer pays of one payout, frozen at the claim. */
export class PayoutTransferLine extends BaseModel {
  static override tableName = 'payout_transfer_lines';
  static override idColumn = ['transferId', 'payoutId'];

  declare transferId: string;
  declare payoutId: string;
  declare payCents: number;
  declare tipCents: number;
}
