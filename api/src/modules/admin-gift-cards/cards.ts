import { GIFT_CARD_MESSAGES, type GiftCardView } from '@twinclean/shared/gift-cards';
import { centsToDollars } from '@twinclean/shared/money';
import type { Knex } from 'knex';
import { audit } from '../../core/audit';
import { AppError, notFound } from '../../errors';
import { GiftCard, GiftCardRedemption } from '../../models/gift-card';
import { finishGiftCardRefund, type RefundDeps } from '../gift-cards/refund';

/** Paid and never spent: its whole amount left, and no booking holding any of it. */
const isUnused = (card: GiftCard, redemptions: GiftCardRedemption[]) =>
  card.status === 'paid' &&
  card.balanceCents === card.amountCents &&
  redemptions.every((r) => r.releasedCents === r.amountCents);

const iso = (at: Date | null) => (at ? at.toISOString() : null);

function viewOf(card: GiftCard, redemptions: GiftCardRedemption[]): GiftCardView {
  return {
    id: card.id,
    last4: card.codeLast4,
    amount: centsToDollars(card.amountCents),
    balance: centsToDollars(card.balanceCents),
    status: card.status,
    purchaserName: card.purchaserName,
    purchaserEmail: card.purchaserEmail,
    recipientName: card.recipientName,
    recipientEmail: card.recipientEmail,
    deliverOn: card.deliverOn,
    deliveredAt: iso(card.deliveredAt),
    paidAt: iso(card.paidAt),
    redemptions: redemptions.map((r) => ({
      bookingId: r.bookingId,
      amount: centsToDollars(r.amountCents),
      released: centsToDollars(r.releasedCents),
      createdAt: r.createdAt.toISOString(),
    })),
    unused: isUnused(card, redemptions),
    createdAt: card.createdAt.toISOString(),
  };
}

const redemptionsOf = (db: Knex, ids: string[]) =>
  GiftCardRedemption.query(db).whereIn('giftCardId', ids).orderBy('createdAt');

/** Every card, newest first, with the bookings that spent it. */
export async function listGiftCards(db: Knex): Promise<GiftCardView[]> {
  const cards = await GiftCard.query(db).orderBy('createdAt', 'desc').orderBy('id');
  const redemptions = await redemptionsOf(
    db,
    cards.map((c) => c.id),
  );
  return cards.map((card) =>
    viewOf(
      card,
      redemptions.filter((r) => r.giftCardId === card.id),
    ),
  );
}

const viewOne = async (db: Knex, card: GiftCard) =>
  viewOf(card, await redemptionsOf(db, [card.id]));

type Ending = { status: 'void' | 'refunded'; action: string };

/**
 * Ends an unused card in the owner's name, audited: under its row lock, which a booking spending
 * it takes too, so a card spent meanwhile is refused (409) rather than voided with a booking on it.
 */
async function endUnused(db: Knex, actorId: string, id: string, ending: Ending) {
  return db.transaction(async (trx) => {
    const card = await GiftCard.query(trx).findById(id).forUpdate();
    if (!card) throw notFound('Gift card');
    if (card.status === 'awaiting_payment') {
      throw new AppError(409, 'gift_card_unpaid', 'This gift card has not been paid for.');
    }
    if (card.status !== 'paid') throw new AppError(409, 'gift_card_ended', GIFT_CARD_MESSAGES.void);
    const redemptions = await GiftCardRedemption.query(trx).where({ giftCardId: id });
    if (!isUnused(card, redemptions)) {
      throw new AppError(409, 'gift_card_used', GIFT_CARD_MESSAGES.used);
    }
    const ended = await card
      .$query(trx)
      .patchAndFetch({ status: ending.status, voidedAt: new Date(), voidedBy: actorId });
    await audit(trx, {
      actorId,
      action: ending.action,
      entity: 'gift_card',
      entityId: id,
      before: { status: card.status, balanceCents: card.balanceCents },
      after: { status: ended.status, amountCents: card.amountCents },
    });
    return ended;
  });
}

/** The owner voids an unused card: it can no longer be spent, and its money is kept. */
export async function voidGiftCard(db: Knex, actorId: string, id: string) {
  const card = await endUnused(db, actorId, id, { status: 'void', action: 'gift_card.void' });
  return { message: GIFT_CARD_MESSAGES.voided, giftCard: await viewOne(db, card) };
}

/**
 * The owner refunds an unused card: it is ended (refunded) in one transaction, then its purchase
 * is refunded at the gateway with none open. A gateway that does not answer leaves the refund to
 * the sweep (gift-cards/workers.ts), which gives it back under the same idempotency key.
 */
export async function refundGiftCard(deps: RefundDeps, actorId: string, id: string) {
  const ended = await endUnused(deps.db, actorId, id, {
    status: 'refunded',
    action: 'gift_card.refund',
  });
  try {
    const card = await finishGiftCardRefund(deps, ended);
    return { message: GIFT_CARD_MESSAGES.refunded, giftCard: await viewOne(deps.db, card) };
  } catch (error) {
    deps.logger.error({ err: error, giftCard: id }, 'gift card refund failed; the sweep retries');
    return {
      message: `${GIFT_CARD_MESSAGES.refunded}. The payment processor did not answer: the money goes back as soon as it does.`,
      giftCard: await viewOne(deps.db, ended),
    };
  }
}
