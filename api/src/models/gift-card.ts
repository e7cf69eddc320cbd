import { BaseModel, TimestampedModel } from './base-model';

export type GiftCardStatus = 'awaiting_payment' | 'paid' | 'void' | 'refunded';

/** A gift card (issue 34): bought through the gateway, e-mailed on its day, spent as balance. */
export class GiftCard extends TimestampedModel {
  static override tableName = 'gift_cards';

  declare id: string;
  declare codeHash: string;
  declare codeSealed: string;
  declare codeLast4: string;
  declare amountCents: number;
  declare balanceCents: number;
  declare purchaserName: string;
  declare purchaserEmail: string;
  declare recipientName: string;
  declare recipientEmail: string;
  declare message: string;
  declare deliverOn: string;
  declare status: GiftCardStatus;
  declare gateway: string;
  declare gatewayPaymentId: string | null;
  declare paidAt: Date | null;
  declare deliveredAt: Date | null;
  declare voidedAt: Date | null;
  declare voidedBy: string | null;
  declare gatewayRefundId: string | null;
}

/** What one booking took from a gift card, and what went back when it was canceled. */
export class GiftCardRedemption extends BaseModel {
  static override tableName = 'gift_card_redemptions';

  declare id: string;
  declare giftCardId: string;
  declare bookingId: string;
  declare amountCents: number;
  declare releasedCents: number;
  declare createdAt: Date;
}
