import { formatDollars } from '@twinclean/shared/money';
import type { MailMessage } from '../../adapters/mailer';
import { layoutEmail, longDate } from '../../core/email-layout';
import type { GiftCard } from '../../models/gift-card';
import { printedCode } from './code';

const CLOSE = ['TwinClean, Minneapolis–St Paul'];

/**
 * The purchaser's receipt, sent when the payment is recorded. It never carries the code: the
 * card is the recipient's, and the purchaser's inbox is not where it should be spendable.
 */
export function giftCardReceiptEmail(card: GiftCard, cardLast4: string | null): MailMessage {
  const paidWith = cardLast4 ? ` with the card ending ${cardLast4}` : '';
  const delivery =
    card.deliveredAt !== null
      ? `We have e-mailed it to ${card.recipientName} at ${card.recipientEmail}.`
      : `We will e-mail it to ${card.recipientName} at ${card.recipientEmail} on ${longDate(card.deliverOn)}.`;
  return layoutEmail(
    card.purchaserEmail,
    `Receipt: ${formatDollars(card.amountCents)} TwinClean gift card`,
    [
      `Hi ${card.purchaserName},`,
      '',
      `Thank you for your ${formatDollars(card.amountCents)} TwinClean gift card, paid${paidWith}.`,
      delivery,
      '',
      `Gift card ending ${card.codeLast4}; receipt number: ${card.id}`,
      '',
      ...CLOSE,
    ],
    'gift_card_receipt',
  );
}

/** The recipient's card on its delivery day: the code as printed, and where to spend it. */
export function giftCardDeliveryEmail(card: GiftCard, code: string, siteUrl: string): MailMessage {
  // The code spends the card: the outbox keeps this message sealed (see MailMessage.sealed).
  const message = layoutEmail(
    card.recipientEmail,
    `${card.purchaserName} sent you a ${formatDollars(card.amountCents)} TwinClean gift card`,
    [
      `Hi ${card.recipientName},`,
      '',
      `${card.purchaserName} sent you a TwinClean gift card worth ${formatDollars(card.amountCents)}.`,
      ...(card.message ? ['', `“${card.message}”`, `— ${card.purchaserName}`] : []),
      '',
      `Your gift card code: ${printedCode(code)}`,
      '',
      `Book a cleaning and enter the code at checkout: ${siteUrl}/book`,
      'It pays for any of our services, partly or wholly, and what you do not spend stays on the card.',
      '',
      ...CLOSE,
    ],
    'gift_card_delivery',
  );
  return { ...message, sealed: true };
}
