import * as z from 'zod/mini';
import { gatewayNameSchema } from './payments';

// Saved cards (DECISIONS.md "Payments": /client/payment-methods: saved cards, default, remove).

/** GET /api/payment-methods: one of the client's saved cards. */
export const paymentMethodSchema = z.object({
  id: z.string(),
  /** The gateway's brand code: visa, mastercard, amex… (cardBrandLabel says it in words). */
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number(),
  expYear: z.number(),
  /** The card a member's visits are charged to. */
  isDefault: z.boolean(),
  createdAt: z.string(),
});
export type PaymentMethodView = z.infer<typeof paymentMethodSchema>;

/** POST /api/payment-methods/setup-intent: what the gateway's card form saves the card with. */
export const setupIntentAnswerSchema = z.object({
  setupIntentId: z.string(),
  clientSecret: z.string(),
  gateway: gatewayNameSchema,
  /** Stripe's publishable key; null with the LocalGateway, whose test-card form needs none. */
  publishableKey: z.nullable(z.string()),
});
export type SetupIntentAnswer = z.infer<typeof setupIntentAnswerSchema>;

/** POST /api/payment-methods: records the card a setup intent saved, once the gateway says so. */
export const addPaymentMethodSchema = z.object({
  setupIntentId: z.string().check(z.minLength(1, 'Setup intent is required'), z.maxLength(255)),
});
export type AddPaymentMethodInput = z.infer<typeof addPaymentMethodSchema>;

/** DELETE /api/payment-methods/{id}: the card is detached at the gateway and gone from the list. */
export const paymentMethodRemovedSchema = z.object({ ok: z.literal(true), message: z.string() });
export type PaymentMethodRemoved = z.infer<typeof paymentMethodRemovedSchema>;

const BRAND_LABELS = new Map([
  ['amex', 'American Express'],
  ['cartes_bancaires', 'Cartes Bancaires'],
  ['diners', 'Diners Club'],
  ['discover', 'Discover'],
  ['eftpos_au', 'eftpos'],
  ['jcb', 'JCB'],
  ['mastercard', 'Mastercard'],
  ['unionpay', 'UnionPay'],
  ['visa', 'Visa'],
]);

/** A card brand in words; an unknown code is just "Card". */
export const cardBrandLabel = (brand: string): string => BRAND_LABELS.get(brand) ?? 'Card';

/** "Visa ending in 4242": how toasts, dialogs and screen readers name a card. */
export const cardName = (card: Pick<PaymentMethodView, 'brand' | 'last4'>): string =>
  `${cardBrandLabel(card.brand)} ending in ${card.last4}`;

/** MM/YY, as printed on the card. */
export const cardExpiry = (card: Pick<PaymentMethodView, 'expMonth' | 'expYear'>): string =>
  `${String(card.expMonth).padStart(2, '0')}/${String(card.expYear % 100).padStart(2, '0')}`;
