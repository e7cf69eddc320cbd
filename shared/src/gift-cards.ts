import * as z from 'zod/mini';
import { emailField, giftCardCodeField, required } from './bookings';
import { dollarsSchema, enteredDollarsToCents, formatShortDollars } from './money';
import { gatewayNameSchema } from './payments';

// Gift cards (issue 34, DECISIONS.md "Service area and promotions"): anyone buys one through the
// gateway, the recipient gets its code by e-mail on the chosen day, and it is spent at checkout
// as balance, before the card is charged. Never paid out in cash.

export const GIFT_CARD_MIN_CENTS = 1000;
export const GIFT_CARD_MAX_CENTS = 50_000;
/** How far ahead a gift card's delivery may be set. */
export const GIFT_CARD_DELIVERY_DAYS_AHEAD = 365;
export const GIFT_CARD_MESSAGE_MAX = 500;

export const GIFT_CARD_MESSAGES = {
  unknown: "That gift card code isn't valid",
  empty: 'This gift card has no balance left',
  void: 'This gift card is no longer valid',
  purchased: 'Gift card purchased',
  voided: 'Gift card voided',
  refunded: 'Gift card refunded',
  used: 'This gift card has been used, so it can no longer be voided or refunded',
} as const;

const WHOLE_DOLLARS = /^\d{1,4}(\.00?)?$/;
const amountMessage = `Choose an amount from ${formatShortDollars(GIFT_CARD_MIN_CENTS)} to ${formatShortDollars(GIFT_CARD_MAX_CENTS)}, in whole dollars`;

/** POST /api/gift-cards: the purchase form. The amount is whole dollars as typed ("50"). */
export const giftCardPurchaseSchema = z.object({
  amount: z.string('Enter an amount').check(
    z.trim(),
    z.refine((text) => {
      if (!WHOLE_DOLLARS.test(text)) return false;
      const cents = enteredDollarsToCents(text);
      return cents >= GIFT_CARD_MIN_CENTS && cents <= GIFT_CARD_MAX_CENTS;
    }, amountMessage),
  ),
  purchaserName: required('Your name', 100),
  purchaserEmail: emailField(),
  recipientName: required("Recipient's name", 100),
  recipientEmail: emailField(),
  message: z._default(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(
          GIFT_CARD_MESSAGE_MAX,
          `Keep the message under ${GIFT_CARD_MESSAGE_MAX} characters`,
        ),
      ),
    '',
  ),
  /** A Chicago calendar day, today or later (the server checks the window). */
  deliverOn: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose a delivery date')),
});
export type GiftCardPurchaseInput = z.input<typeof giftCardPurchaseSchema>;

/** The purchase's answer: the gift card waiting for its payment, and the intent to pay. */
export const giftCardPurchaseAnswerSchema = z.object({
  giftCardId: z.string(),
  paymentIntentId: z.string(),
  clientSecret: z.string(),
  amount: dollarsSchema,
  gateway: gatewayNameSchema,
  publishableKey: z.nullable(z.string()),
});
export type GiftCardPurchaseAnswer = z.infer<typeof giftCardPurchaseAnswerSchema>;

/** POST /api/gift-cards/{id}/paid: the browser reports its payment; the server asks the gateway. */
export const giftCardPaidSchema = z.object({
  paymentIntentId: z.string().check(z.minLength(1, 'Payment intent is required'), z.maxLength(255)),
});

export const giftCardPaidAnswerSchema = z.object({
  message: z.string(),
  amount: dollarsSchema,
  recipientEmail: z.string(),
  deliverOn: z.string(),
});
export type GiftCardPaidAnswer = z.infer<typeof giftCardPaidAnswerSchema>;

/** POST /api/gift-cards/check: what a code has left, before the form counts on it. */
export const giftCardCheckSchema = z.object({ code: giftCardCodeField() });
export const giftCardBalanceSchema = z.object({
  last4: z.string(),
  balance: dollarsSchema,
});
export type GiftCardBalance = z.infer<typeof giftCardBalanceSchema>;

export const giftCardStatusSchema = z.enum(['awaiting_payment', 'paid', 'void', 'refunded']);
export type GiftCardStatus = z.infer<typeof giftCardStatusSchema>;

/** /admin/gift-cards: a card, its usage and what the owner may still do with it. */
export const giftCardViewSchema = z.object({
  id: z.string(),
  last4: z.string(),
  amount: dollarsSchema,
  balance: dollarsSchema,
  status: giftCardStatusSchema,
  purchaserName: z.string(),
  purchaserEmail: z.string(),
  recipientName: z.string(),
  recipientEmail: z.string(),
  deliverOn: z.string(),
  deliveredAt: z.nullable(z.string()),
  paidAt: z.nullable(z.string()),
  /** Bookings that spent some of it (canceled ones gave it back). */
  redemptions: z.array(
    z.object({
      bookingId: z.string(),
      amount: dollarsSchema,
      released: dollarsSchema,
      createdAt: z.string(),
    }),
  ),
  /** Paid and never spent: the owner may void or refund it. */
  unused: z.boolean(),
  createdAt: z.string(),
});
export type GiftCardView = z.infer<typeof giftCardViewSchema>;
