import {
  GIFT_CARD_DELIVERY_DAYS_AHEAD,
  GIFT_CARD_MESSAGE_MAX,
  type GiftCardPurchaseInput,
} from '@twinclean/shared/gift-cards';
import { addDays, chicagoDate, formatDate } from '@twinclean/shared/schedule';

/** The amounts offered with a tap, in whole dollars; any other from $10 to $500 may be typed. */
export const AMOUNT_CHOICES = ['25', '50', '100', '200'] as const;
export type AmountChoice = (typeof AMOUNT_CHOICES)[number] | 'other';

const isPreset = (amount: string): amount is (typeof AMOUNT_CHOICES)[number] =>
  (AMOUNT_CHOICES as readonly string[]).includes(amount);

/** Commas that group thousands ("1,000" or "1,000.00"), the only ones that are not a typo. */
const THOUSANDS = /^\d{1,3}(,\d{3})+(\.\d+)?$/;

/**
 * "Other amount" as the schema reads it: people type "$75" or "$ 100" as often as "75", so the
 * dollar sign and spaces go, and commas only where they group thousands; any other comma
 * ("10,5", a decimal comma) is left for the schema to refuse rather than read as $105.
 */
export function typedDollars(text: string): string {
  const bare = text.replace(/[\s$]/g, '');
  return THOUSANDS.test(bare) ? bare.replaceAll(',', '') : bare;
}

/** The choice an amount is shown as: a preset's own, else "Other amount". */
export const choiceOf = (amount: string): AmountChoice => (isPreset(amount) ? amount : 'other');

/** The delivery dates offered: today in Chicago (where the server counts) up to a year ahead. */
export function deliveryWindow(now: Date): { min: string; max: string } {
  const min = chicagoDate(now);
  return { min, max: addDays(min, GIFT_CARD_DELIVERY_DAYS_AHEAD) };
}

/** The form as it opens: $50, delivered today, the purchaser filled from a signed-in user. */
export function purchaseDefaults(
  now: Date,
  user: { firstName: string; lastName: string; email: string } | null,
): GiftCardPurchaseInput {
  return {
    amount: '50',
    purchaserName: user ? `${user.firstName} ${user.lastName}`.trim() : '',
    purchaserEmail: user?.email ?? '',
    recipientName: '',
    recipientEmail: '',
    message: '',
    deliverOn: deliveryWindow(now).min,
  };
}

/** The message box's counter, read with its hint ("12 of 500 characters"). */
export const messageCount = (message: string | undefined): string =>
  `${(message ?? '').length} of ${GIFT_CARD_MESSAGE_MAX} characters`;

/** The confirmation's promise, from the server's answer (its e-mail and day are the ones kept). */
export const deliveryNote = (paid: { recipientEmail: string; deliverOn: string }): string =>
  `We'll e-mail ${paid.recipientEmail} the code on ${formatDate(paid.deliverOn)}.`;
