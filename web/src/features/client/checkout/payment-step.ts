import type { PaymentIntentAnswer } from '@twinclean/shared/payments';

/** What a gateway's form gets from the checkout around it. */
export type PaymentStep = {
  intent: PaymentIntentAnswer;
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
  succeeded: (paymentIntentId: string) => void;
};
