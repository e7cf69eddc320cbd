import { formatWireDollars as money } from '@twinclean/shared/money';
import type { PaymentIntentAnswer } from '@twinclean/shared/payments';

/**
 * The intent a gateway's card form confirms: a payment's, or a setup intent's, which saves the
 * card for later payments (/client/payment-methods).
 */
export type CardIntent = { id: string; clientSecret: string; publishableKey: string | null } & (
  | { kind: 'payment'; amount: string }
  | { kind: 'setup' }
);

/** A payment intent as the card forms take it. */
export const paymentCardIntent = (intent: PaymentIntentAnswer): CardIntent => ({
  kind: 'payment',
  id: intent.paymentIntentId,
  clientSecret: intent.clientSecret,
  publishableKey: intent.publishableKey,
  amount: intent.amount,
});

/** A card form's accessible name and its button's words. */
export const cardFormText = (intent: CardIntent) =>
  intent.kind === 'setup'
    ? { label: 'Save a card', action: 'Save Card' }
    : { label: 'Card payment', action: `Pay ${money(intent.amount)}` };

/** What a gateway's form gets from the page around it: a checkout, or saving a card. */
export type PaymentStep = {
  intent: CardIntent;
  /** Where Stripe sends the client back after a payment method that must leave the page. */
  returnUrl: string;
  /** No new attempt: another amount's intent is loading, or the payment is being recorded. */
  locked: boolean;
  /** The last attempt's inline message (spec 2 §8), shown beside the button. */
  failure: string | null;
  /** An attempt starts: the last message goes. */
  attempt: () => void;
  /** The card was refused or not confirmed: the message inline and a "Payment Failed" toast. */
  fail: (message: string) => void;
  /** A call failed: the server's message (or "An error occurred") and "Failed to process payment". */
  crash: (error: unknown) => void;
  /** The gateway says the intent succeeded: record it. */
  succeeded: (intentId: string) => void;
};
