import { GiftCard } from '../../models/gift-card';
import type { PaymentDeps } from '../payments/ledger';

export type RefundDeps = Pick<PaymentDeps, 'db' | 'gateway' | 'logger'>;

/** One refund per card at the gateway, however often it is tried. */
export const giftCardRefundKey = (cardId: string) => `gift-card-refund:${cardId}`;

/**
 * Gives a refunded card's purchase back at the gateway and records the gateway's refund, once:
 * the owner's refund marked the card (status refunded, no refund id yet) in its transaction, and
 * this runs after the commit with none open; the idempotency key makes a retry (the sweep's, after
 * a gateway that did not answer) the same refund. Returns the card as it now stands.
 */
export async function finishGiftCardRefund(deps: RefundDeps, card: GiftCard): Promise<GiftCard> {
  if (card.status !== 'refunded' || card.gatewayRefundId || !card.gatewayPaymentId) return card;
  const refund = await deps.gateway.refund({
    paymentIntentId: card.gatewayPaymentId,
    amountCents: card.amountCents,
    idempotencyKey: giftCardRefundKey(card.id),
  });
  await GiftCard.query(deps.db)
    .patch({ gatewayRefundId: refund.id })
    .where({ id: card.id })
    .whereNull('gatewayRefundId');
  return GiftCard.query(deps.db).findById(card.id).throwIfNotFound();
}

// Left to the request that refunded it for this long before the sweep tries again.
const REQUEST_GRACE_MS = 2 * 60_000;

/** Refunds the owner ordered whose gateway call failed (or whose process died): tried again. */
export async function retryGiftCardRefunds(deps: RefundDeps, now = new Date()): Promise<number> {
  const pending = await GiftCard.query(deps.db)
    .where({ status: 'refunded' })
    .whereNull('gatewayRefundId')
    .where('voidedAt', '<', new Date(now.getTime() - REQUEST_GRACE_MS));
  let done = 0;
  for (const card of pending) {
    try {
      await finishGiftCardRefund(deps, card);
      done += 1;
    } catch (error) {
      deps.logger.error({ err: error, giftCard: card.id }, 'gift card refund failed; will retry');
    }
  }
  return done;
}
