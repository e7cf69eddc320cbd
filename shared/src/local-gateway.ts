import * as z from 'zod/mini';

/**
 * The LocalGateway's test cards (ARCHITECTURE.md "Adapters"), Stripe's own test numbers, so the
 * same card behaves alike on either gateway.
 */
export const TEST_CARDS = {
  succeeds: '4242424242424242',
  declines: '4000000000000002',
  /** Succeeds after an extra confirmation step, like 3-D Secure. */
  authenticates: '4000002500003155',
  /** Saves as a card, but every charge to it is declined (Stripe's 0341). */
  declinesOnceSaved: '4000000000000341',
} as const;

export const LOCAL_DECLINE_MESSAGE = 'Your card was declined.';
export const LOCAL_UNKNOWN_CARD_MESSAGE =
  'This test checkout takes only the test cards listed on the page.';

const digits = (label: string, pattern: RegExp, message: string) =>
  z.pipe(
    z.string().check(z.trim(), z.minLength(1, `${label} is required`)),
    z.pipe(
      z.transform((value: string) => value.replace(/[\s-]/g, '')),
      z.string().check(z.regex(pattern, message)),
    ),
  );

/** POST /api/local-gateway/intents/{id}/confirm: the test-card form. */
export const localCardSchema = z.object({
  clientSecret: z.string().check(z.minLength(1), z.maxLength(200)),
  cardNumber: digits('Card number', /^\d{13,19}$/, 'Card number must be 13 to 19 digits'),
  expiry: z
    .string()
    .check(z.trim(), z.regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, 'Expiry must look like MM/YY')),
  cvc: digits('CVC', /^\d{3,4}$/, 'CVC must be 3 or 4 digits'),
});
export type LocalCardInput = z.input<typeof localCardSchema>;

/** POST /api/local-gateway/intents/{id}/authenticate: the extra step's answer. */
export const localAuthenticationSchema = z.object({
  clientSecret: z.string().check(z.minLength(1), z.maxLength(200)),
  approve: z.boolean(),
});

export const localConfirmAnswerSchema = z.object({
  status: z.enum(['succeeded', 'requires_action', 'requires_payment_method']),
  /** Why it did not succeed, in the gateway's words. */
  message: z.nullable(z.string()),
});
export type LocalConfirmAnswer = z.infer<typeof localConfirmAnswerSchema>;
