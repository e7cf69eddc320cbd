import { GIFT_CARD_MESSAGES } from '@twinclean/shared/gift-cards';
import type { Knex } from 'knex';
import { AppError } from '../../errors';
import { GiftCard, GiftCardRedemption } from '../../models/gift-card';
import { giftCardHash } from './code';

/** A gift card refused at checkout: 422 under the forms' giftCardCode field, nothing written. */
export const giftCardRefused = (message: string) =>
  new AppError(422, 'gift_card_refused', message, { fields: { giftCardCode: message } });

/** Why a card cannot be spent; null when it can. An unpaid card is as unknown as a wrong code. */
export function giftCardProblem(card: GiftCard | undefined): string | null {
  if (!card || card.status === 'awaiting_payment') return GIFT_CARD_MESSAGES.unknown;
  if (card.status !== 'paid') return GIFT_CARD_MESSAGES.void;
  if (card.balanceCents <= 0) return GIFT_CARD_MESSAGES.empty;
  return null;
}

/** The card a code names, as it stands; `lock` holds its row to the end of the transaction. */
export function findGiftCard(db: Knex, code: string, { lock }: { lock: boolean }) {
  const query = GiftCard.query(db).findOne({ codeHash: giftCardHash(code) });
  return lock ? query.forUpdate() : query;
}

/**
 * Spends up to `maxCents` of the card `code` names on a booking being made in `trx`: its row is
 * locked, so two bookings spending the same card at once are decided one after the other and
 * the second finds what the first left. Returns what was spent; the caller records it with the
 * booking (`recordSpend`). Refused with 422 before anything is written.
 */
export async function claimGiftCard(
  trx: Knex.Transaction,
  code: string,
  maxCents: number,
): Promise<{ card: GiftCard; cents: number }> {
  const card = await findGiftCard(trx, code, { lock: true });
  const problem = giftCardProblem(card);
  if (problem || !card) throw giftCardRefused(problem ?? GIFT_CARD_MESSAGES.unknown);
  return { card, cents: Math.min(card.balanceCents, maxCents) };
}

export async function recordSpend(
  trx: Knex.Transaction,
  claimed: { card: GiftCard; cents: number },
  bookingId: string,
): Promise<void> {
  if (claimed.cents <= 0) return;
  await GiftCard.query(trx).findById(claimed.card.id).decrement('balanceCents', claimed.cents);
  await GiftCardRedemption.query(trx).insert({
    giftCardId: claimed.card.id,
    bookingId,
    amountCents: claimed.cents,
  });
}

/**
 * Gives back to the card what a booking spent beyond `keepCents` (0 when it is canceled, the
 * new cap when its price fell). Returns what the booking still spends. The redemption's row is
 * locked, so a cancel and a reprice at once give back once.
 */
export async function releaseGiftCard(
  trx: Knex.Transaction,
  bookingId: string,
  keepCents: number,
): Promise<number> {
  const redemption = await GiftCardRedemption.query(trx).findOne({ bookingId }).forUpdate();
  if (!redemption) return 0;
  const spent = redemption.amountCents - redemption.releasedCents;
  const back = Math.max(0, spent - keepCents);
  if (back === 0) return spent;
  await redemption.$query(trx).patch({ releasedCents: redemption.releasedCents + back });
  await GiftCard.query(trx).findById(redemption.giftCardId).increment('balanceCents', back);
  return spent - back;
}
