import { randomUUID } from 'node:crypto';
import {
  GIFT_CARD_DELIVERY_DAYS_AHEAD,
  type GiftCardPurchaseAnswer,
  type giftCardPurchaseSchema,
} from '@twinclean/shared/gift-cards';
import { centsToDollars, enteredDollarsToCents } from '@twinclean/shared/money';
import { addDays, chicagoDate, formatDate } from '@twinclean/shared/schedule';
import type * as z from 'zod/mini';
import { AppError } from '../../errors';
import { GiftCard } from '../../models/gift-card';
import { dataCipher } from '../../security/data-cipher';
import type { PaymentDeps } from '../payments/ledger';
import { giftCardHash, newGiftCardCode } from './code';

type Purchase = z.output<typeof giftCardPurchaseSchema>;

const isCalendarDay = (date: string) =>
  !Number.isNaN(Date.parse(`${date}T12:00:00Z`)) &&
  new Date(`${date}T12:00:00Z`).toISOString().startsWith(date);

/** Why a delivery day cannot be chosen on Chicago's `today`; null when it can. */
export function deliveryDayProblem(deliverOn: string, today: string): string | null {
  const last = addDays(today, GIFT_CARD_DELIVERY_DAYS_AHEAD);
  if (!isCalendarDay(deliverOn)) return 'Choose a delivery date';
  if (deliverOn < today) return 'Choose today or a later day for delivery';
  if (deliverOn > last) return `Choose a delivery date by ${formatDate(last)}`;
  return null;
}

/**
 * A gift card waiting for its payment, and the gateway intent to pay it (POST /api/gift-cards).
 * The code is made here and kept only as its hash (to find it at checkout) and a sealed copy
 * (to e-mail it on the day): nobody sees it before the recipient. The intent is asked for before
 * the row is written, with no transaction open; its idempotency key is the card's id, made here,
 * so a retried call cannot open two intents for one card. An intent whose row never got written
 * is never shown to anyone, so never paid.
 */
export async function purchaseGiftCard(
  deps: Pick<PaymentDeps, 'db' | 'gateway'>,
  input: Purchase,
  now = new Date(),
): Promise<GiftCardPurchaseAnswer> {
  const problem = deliveryDayProblem(input.deliverOn, chicagoDate(now));
  if (problem) {
    throw new AppError(400, 'invalid_delivery_date', problem, { fields: { deliverOn: problem } });
  }
  const amountCents = enteredDollarsToCents(input.amount);
  const cipher = await dataCipher(deps.db);
  const id = randomUUID();
  const code = newGiftCardCode();
  const intent = await deps.gateway.createIntent({
    amountCents,
    description: `TwinClean gift card ${id}`,
    metadata: { giftCardId: id },
    idempotencyKey: `gift-card:${id}`,
  });
  await GiftCard.query(deps.db).insert({
    id,
    codeHash: giftCardHash(code),
    codeSealed: cipher.seal(code),
    codeLast4: code.slice(-4),
    amountCents,
    balanceCents: amountCents,
    purchaserName: input.purchaserName,
    purchaserEmail: input.purchaserEmail,
    recipientName: input.recipientName,
    recipientEmail: input.recipientEmail,
    message: input.message,
    deliverOn: input.deliverOn,
    status: 'awaiting_payment',
    gateway: deps.gateway.name,
    gatewayPaymentId: intent.id,
  });
  return {
    giftCardId: id,
    paymentIntentId: intent.id,
    clientSecret: intent.clientSecret,
    amount: centsToDollars(amountCents),
    gateway: deps.gateway.name,
    publishableKey: deps.gateway.publishableKey,
  };
}
