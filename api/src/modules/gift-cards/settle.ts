import { GIFT_CARD_MESSAGES, type GiftCardPaidAnswer } from '@twinclean/shared/gift-cards';
import { centsToDollars } from '@twinclean/shared/money';
import { queueMail } from '../../adapters/mailer';
import type { GatewayIntent, PaymentListener } from '../../adapters/payments/gateway';
import { AppError, notFound } from '../../errors';
import { GiftCard } from '../../models/gift-card';
import { dataCipher } from '../../security/data-cipher';
import type { PaymentDeps } from '../payments/ledger';
import { deliveryDue, queueDelivery } from './delivery';
import { giftCardReceiptEmail } from './emails';

export type SettleDeps = Pick<PaymentDeps, 'db' | 'mailer' | 'siteUrl' | 'logger'>;

/** The gift card an intent pays for, from what the purchase attached; null when not a card's. */
export const giftCardOf = (intent: GatewayIntent): string | null =>
  intent.metadata.giftCardId || null;

const mismatch = (message: string) => new AppError(409, 'intent_mismatch', message);

/**
 * Records a succeeded intent as its card's payment, once, whoever reports it first (the
 * browser, Stripe's webhook, the LocalGateway's card form): under the card's row lock it becomes
 * paid, with the purchaser's receipt queued beside it and, when its day has come, the recipient's
 * code (and delivered_at set, so the sweep never sends it again). Later reports find it paid and
 * change nothing. The amount must be the card's: an intent for another sum pays for no card.
 */
export async function settleGiftCard(
  deps: SettleDeps,
  intent: GatewayIntent,
  now = new Date(),
): Promise<GiftCard> {
  const id = giftCardOf(intent);
  if (!id) throw mismatch('This payment is not for a gift card.');
  if (intent.status !== 'succeeded') {
    throw new AppError(
      402,
      'payment_failed',
      intent.failureMessage ?? 'The payment has not gone through.',
    );
  }
  const known = await GiftCard.query(deps.db).findById(id);
  if (!known) throw notFound('Gift card');
  if (known.paidAt) return known;
  const cipher = await dataCipher(deps.db);
  const { card, mails } = await deps.db.transaction(async (trx) => {
    const row = await GiftCard.query(trx).findById(id).forUpdate().throwIfNotFound();
    if (row.paidAt) return { card: row, mails: [] };
    if (row.gatewayPaymentId !== intent.id) {
      throw mismatch('This payment belongs to another gift card.');
    }
    if (row.amountCents !== intent.amountCents) {
      throw mismatch('This payment is not the amount of the gift card.');
    }
    const due = deliveryDue(row, now);
    const paid = await row
      .$query(trx)
      .patchAndFetch({ status: 'paid', paidAt: now, deliveredAt: due ? now : null });
    const queued = [await queueMail(trx, giftCardReceiptEmail(paid, intent.cardLast4))];
    if (due) queued.push(await queueDelivery(trx, paid, cipher, deps.siteUrl));
    return { card: paid, mails: queued };
  });
  for (const mail of mails) await deps.mailer.deliver(mail);
  return card;
}

/**
 * The browser's report of its payment (POST /api/gift-cards/:id/paid): the gateway is asked,
 * never the browser believed. An unknown intent is 404, another card's 409, an unpaid one 402.
 */
export async function recordGiftCardReport(
  deps: SettleDeps & Pick<PaymentDeps, 'gateway'>,
  giftCardId: string,
  paymentIntentId: string,
): Promise<GiftCardPaidAnswer> {
  const intent = await deps.gateway.retrieveIntent(paymentIntentId);
  if (!intent) throw notFound('Payment');
  if (giftCardOf(intent) !== giftCardId) throw mismatch('This payment is for another gift card.');
  const card = await settleGiftCard(deps, intent);
  return {
    message: GIFT_CARD_MESSAGES.purchased,
    amount: centsToDollars(card.amountCents),
    recipientEmail: card.recipientEmail,
    deliverOn: card.deliverOn,
  };
}

/**
 * What the gateway reports on its own about a card's payment (payments hands intents with a
 * giftCardId here; api-routes.ts wires it). One that cannot be recorded is logged, not thrown:
 * a webhook retried forever would not make it recordable.
 */
export const giftCardReports =
  (deps: SettleDeps): PaymentListener =>
  async (intent) => {
    // A declined attempt changes nothing: the card waits for a payment that goes through.
    if (intent.status !== 'succeeded') return;
    try {
      await settleGiftCard(deps, intent);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      deps.logger.error({ err: error, intent: intent.id }, 'a gift card payment was not recorded');
    }
  };
