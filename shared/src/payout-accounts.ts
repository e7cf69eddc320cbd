import * as z from 'zod/mini';
import { required, zipField } from './bookings';

// A provider's payout account (DECISIONS.md "Payouts", issue 33): Stripe Connect Express
// onboarding with Stripe keys set, else the LocalGateway's test-mode form, which also collects
// the tax details Stripe would (legal name, address, TIN; the TIN sealed at rest, shown masked).

/**
 * none: no account yet. incomplete: the gateway still needs something (`missing` says what).
 * review: all given, the gateway is checking it. enabled: weekly transfers go to it.
 * disabled: the gateway refused it (`disabledReason`).
 */
export const payoutAccountStateSchema = z.enum([
  'none',
  'incomplete',
  'review',
  'enabled',
  'disabled',
]);
export type PayoutAccountState = z.infer<typeof payoutAccountStateSchema>;

export const tinKindSchema = z.enum(['ssn', 'ein']);
export type TinKind = z.infer<typeof tinKindSchema>;

/** Tax details as the provider sees them back: the TIN only by its last four. */
export const taxDetailsViewSchema = z.object({
  legalName: z.string(),
  addressLine1: z.string(),
  addressLine2: z.nullable(z.string()),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  tinKind: tinKindSchema,
  /** "•••-••-6789" for an SSN, "••-•••6789" for an EIN. */
  tinMasked: z.string(),
});
export type TaxDetailsView = z.infer<typeof taxDetailsViewSchema>;

/** GET /api/provider/payout-account (and the answer of a save). */
export const payoutAccountViewSchema = z.object({
  gateway: z.enum(['local', 'stripe']),
  state: payoutAccountStateSchema,
  /** What the gateway still needs, in words ("Your bank account"); empty when nothing. */
  missing: z.array(z.string()),
  disabledReason: z.nullable(z.string()),
  bankLast4: z.nullable(z.string()),
  /** Ours (LocalGateway) only; with Stripe, Stripe holds them. */
  taxDetails: z.nullable(taxDetailsViewSchema),
});
export type PayoutAccountView = z.infer<typeof payoutAccountViewSchema>;

/** POST /api/provider/payout-account/onboarding (Stripe): the account link to go to. */
export const onboardingLinkSchema = z.object({ url: z.string() });
export type OnboardingLink = z.infer<typeof onboardingLinkSchema>;

/** The LocalGateway's test bank accounts, as TEST_CARDS are its cards (routing 110000000). */
export const TEST_ROUTING_NUMBER = '110000000';
export const TEST_BANK_ACCOUNTS = {
  succeeds: '000123456789',
  /** Saves, but every transfer to it is refused (as a closed account would be). */
  transfersFail: '000111111116',
} as const;
export const LOCAL_TRANSFER_FAILURE_MESSAGE =
  'The bank account could not be found. Check the account number.';
export const LOCAL_UNKNOWN_BANK_ACCOUNT_MESSAGE =
  'This test form takes only the test bank accounts listed on the page.';

const digits = (text: string) => text.replace(/[\s-]/g, '');

/** A TIN as typed: nine digits, dashes and spaces allowed ("123-45-6789", "12-3456789"). */
const tinField = () =>
  z.pipe(
    z.string('Enter your SSN or EIN').check(
      z.trim(),
      z.refine((text) => /^\d{9}$/.test(digits(text)), 'Enter the 9 digits of your SSN or EIN'),
    ),
    z.transform(digits),
  );

/** PUT /api/provider/payout-account (LocalGateway): tax details and the test bank account. */
export const localPayoutAccountFormSchema = z.object({
  legalName: required('Legal name', 100),
  addressLine1: required('Street address', 200),
  addressLine2: z._default(
    z.string().check(z.trim(), z.maxLength(200, 'Apartment or unit is too long')),
    '',
  ),
  city: required('City', 100),
  state: z
    .string()
    .check(z.trim(), z.regex(/^[A-Z]{2}$/, 'State must be 2 capital letters, like MN')),
  zip: zipField(),
  tinKind: z.enum(tinKindSchema.options, 'Choose SSN or EIN'),
  tin: tinField(),
  routingNumber: z.string().check(z.trim(), z.regex(/^\d{9}$/, 'Routing number must be 9 digits')),
  accountNumber: z
    .string()
    .check(z.trim(), z.regex(/^\d{4,17}$/, 'Account number must be 4 to 17 digits')),
});
export type LocalPayoutAccountForm = z.input<typeof localPayoutAccountFormSchema>;

/** The answer of PUT /api/provider/payout-account. */
export const payoutAccountSavedSchema = z.object({
  message: z.string(),
  account: payoutAccountViewSchema,
});
export type PayoutAccountSaved = z.infer<typeof payoutAccountSavedSchema>;

export const PAYOUT_ACCOUNT_SAVED_MESSAGE = 'Payout account saved';

/** "•••-••-6789" or "••-•••6789": never more than the last four. */
export const maskTin = (kind: TinKind, last4: string) =>
  kind === 'ssn' ? `•••-••-${last4}` : `••-•••${last4}`;
