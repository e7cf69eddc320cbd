import * as z from 'zod/mini';
import { dollarsSchema } from './money';
import { gatewayNameSchema } from './payments';
import type { PricingConfig } from './pricing-config';

// Subscriptions (spec 2 "Subscription pages", §7 create-subscription; DECISIONS.md
// "Subscriptions"): the plans, the renewal and retry rule, the 3-month minimum and its fee.

export const planSchema = z.enum(['standard', 'senior']);
export type Plan = z.infer<typeof planSchema>;
export const PLANS = planSchema.options;

export const PLAN_NAMES: Record<Plan, string> = {
  standard: 'Standard',
  senior: 'Senior',
};

/** The senior plan's self-declaration, recorded with its date (DECISIONS.md). */
export const SENIOR_DECLARATION = 'I am 65 or older, or I live with a disability.';

export const SENIOR_DECLARATION_REQUIRED = 'Please confirm this to choose the Senior plan.';

/** The declaration's form: a Senior checkout goes on only once the box is ticked. */
export const seniorDeclarationSchema = z.object({
  // A checkbox holds a boolean; only true goes on.
  declared: z.pipe(z.boolean(), z.literal(true, SENIOR_DECLARATION_REQUIRED)),
});

/** The plan's monthly price from the pricing config. */
export const planCents = (
  plan: Plan,
  config: Pick<PricingConfig, 'standardPlanCents' | 'seniorPlanCents'>,
) => (plan === 'senior' ? config.seniorPlanCents : config.standardPlanCents);

export const subscriptionStatusSchema = z.enum([
  'incomplete',
  'trialing',
  'active',
  'past_due',
  'canceled',
]);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

/** Spec 2 §4: "already subscribed" means active or trialing. */
export const isAlreadySubscribed = (status: SubscriptionStatus) =>
  status === 'active' || status === 'trialing';

/**
 * A member keeps the member rate while a failed renewal is being retried (past_due): the card
 * may be fixed within the 7 days; after the last retry fails the subscription is canceled.
 */
export const isMemberStatus = (status: SubscriptionStatus) =>
  status === 'active' || status === 'trialing' || status === 'past_due';

/** Members' visits are charged to the saved card this long before the visit. */
export const VISIT_CHARGE_HOURS = 12;

/**
 * Days after the first failed renewal on which it is tried again: 3 retries over 7 days, then
 * the subscription is canceled.
 */
export const RENEWAL_RETRY_DAYS = [1, 3, 7] as const;

const DAY_MS = 86_400_000;

/** When the next try of a failed renewal is due, or null when the last retry has failed. */
export function nextRetryAt(firstFailureAt: Date, failedAttempts: number): Date | null {
  const days = RENEWAL_RETRY_DAYS[failedAttempts - 1];
  return days === undefined ? null : new Date(firstFailureAt.getTime() + days * DAY_MS);
}

/**
 * `months` calendar months after the anchor, same time of day, clamped to the month's last day
 * (a Jan 31 start renews Feb 28, then Mar 31): periods never drift from the anchor.
 */
export function addMonths(anchor: Date, months: number): Date {
  const result = new Date(anchor.getTime());
  const day = anchor.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(
    Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0),
  ).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

/** The stored facts the cancel rule reads. */
export type CancelFacts = {
  paidMonths: number;
  currentPeriodEnd: Date | string | null;
};

export type CancelTerms = {
  /** The early-cancellation fee charged to the saved card now; 0 after the minimum term. */
  feeCents: number;
  /** Inside the minimum term the subscription ends at once; after it, at the period's end. */
  immediate: boolean;
  endsAt: Date;
};

/**
 * DECISIONS.md: canceling before `subscriptionMinimumMonths` paid months charges the
 * early-cancellation fee and ends the subscription now; later it ends at the period's end.
 */
export function cancelTerms(
  facts: CancelFacts,
  config: Pick<PricingConfig, 'subscriptionEarlyCancelFeeCents' | 'subscriptionMinimumMonths'>,
  now: Date,
): CancelTerms {
  if (facts.paidMonths < config.subscriptionMinimumMonths || !facts.currentPeriodEnd) {
    return { feeCents: config.subscriptionEarlyCancelFeeCents, immediate: true, endsAt: now };
  }
  return { feeCents: 0, immediate: false, endsAt: new Date(facts.currentPeriodEnd) };
}

/** POST /api/create-subscription (spec 2 §7). */
export const createSubscriptionSchema = z.object({
  subscriptionType: z.enum(['standard', 'senior'], 'Please select a valid subscription plan.'),
  /** Required, and true, for the senior plan. */
  seniorDeclaration: z.optional(z.boolean()),
});
export type CreateSubscriptionInput = z.infer<typeof createSubscriptionSchema>;

/** Spec 2 §7's answer, with what the card form needs (as the booking checkout's). */
export const createSubscriptionAnswerSchema = z.object({
  subscriptionId: z.string(),
  /** Null when already subscribed: there is nothing to pay. */
  clientSecret: z.nullable(z.string()),
  status: subscriptionStatusSchema,
  message: z.string(),
  paymentIntentId: z.nullable(z.string()),
  amount: dollarsSchema,
  gateway: gatewayNameSchema,
  publishableKey: z.nullable(z.string()),
});
export type CreateSubscriptionAnswer = z.infer<typeof createSubscriptionAnswerSchema>;

/** POST /api/subscriptions/{id}/record-payment: the card form says month 1 went through. */
export const recordSubscriptionPaymentSchema = z.object({
  paymentIntentId: z.string().check(z.minLength(1, 'Payment intent is required'), z.maxLength(255)),
});

export const subscriptionViewSchema = z.object({
  id: z.string(),
  plan: planSchema,
  status: subscriptionStatusSchema,
  price: dollarsSchema,
  /** When the current paid month ends: the next renewal, or the end once canceled. */
  currentPeriodEnd: z.nullable(z.string()),
  minimumTermEndsAt: z.nullable(z.string()),
  paidMonths: z.number(),
  cancelAtPeriodEnd: z.boolean(),
  canceledAt: z.nullable(z.string()),
  /** Why the last renewal failed while it is being retried. */
  lastFailureMessage: z.nullable(z.string()),
  nextRetryAt: z.nullable(z.string()),
  /** The saved card its charges go to: the client's default card. */
  card: z.nullable(z.object({ brand: z.string(), last4: z.string() })),
  /** What canceling now would do, for the dialog to state before the client confirms. */
  cancelTerms: z.nullable(
    z.object({ fee: dollarsSchema, immediate: z.boolean(), endsAt: z.string() }),
  ),
});
export type SubscriptionView = z.infer<typeof subscriptionViewSchema>;

/** GET /api/subscription: the client's live subscription (null when none) and the plans. */
export const subscriptionPageSchema = z.object({
  subscription: z.nullable(subscriptionViewSchema),
  plans: z.array(z.object({ plan: planSchema, price: dollarsSchema })),
  minimumMonths: z.number(),
  earlyCancelFee: dollarsSchema,
});
export type SubscriptionPage = z.infer<typeof subscriptionPageSchema>;

export const subscriptionAnswerSchema = z.object({
  message: z.string(),
  subscription: subscriptionViewSchema,
});
export type SubscriptionAnswer = z.infer<typeof subscriptionAnswerSchema>;
