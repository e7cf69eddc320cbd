import { centsToDollars } from '@twinclean/shared/money';
import type { PricingConfig } from '@twinclean/shared/pricing-config';
import {
  cancelTerms,
  isMemberStatus,
  type SubscriptionView,
} from '@twinclean/shared/subscriptions';
import type { Knex } from 'knex';
import type { PaymentGateway } from '../../adapters/payments/gateway';
import { PaymentMethod } from '../../models/payment-method';
import { Subscription } from '../../models/subscription';
import { User } from '../../models/user';

/** Statuses that hold the client's one live subscription (the subscriptions_one_live index). */
export const LIVE_STATUSES = ['incomplete', 'trialing', 'active', 'past_due'] as const;
export const MEMBER_STATUSES = ['trialing', 'active', 'past_due'] as const;

/** The client's live subscription, incomplete ones included. */
export const liveSubscription = (db: Knex, userId: string) =>
  Subscription.query(db).where({ userId }).whereIn('status', LIVE_STATUSES).first();

/**
 * Locks the client's row: every transaction that changes their memberships takes it first (a
 * checkout, month 1's record, a cancel), so they take turns and never wait on each other in a
 * circle over the subscription and payment rows.
 */
export async function lockMember(trx: Knex.Transaction, userId: string): Promise<void> {
  await User.query(trx).findById(userId).forUpdate().select('id');
}

/**
 * Writes the client's membership onto the user (users.subscription_type), the one fact booking
 * prices and the session read: the plan while a subscription is a member's, else none. Called in
 * every transaction that changes a subscription's status.
 */
export async function syncMembership(trx: Knex.Transaction, userId: string): Promise<void> {
  const member = await Subscription.query(trx)
    .where({ userId })
    .whereIn('status', MEMBER_STATUSES)
    .first();
  await User.query(trx)
    .findById(userId)
    .patch({ subscriptionType: member ? member.plan : 'none' });
}

/** The card a member's charges go to: their default saved card, if any. */
export const chargeCard = (db: Knex, userId: string) =>
  PaymentMethod.query(db).findOne({ userId, isDefault: true });

/** With Stripe Billing, the membership's renewals follow the client's default card. */
export async function followDefaultCard(
  deps: { db: Knex; gateway: PaymentGateway },
  userId: string,
): Promise<void> {
  const { billing } = deps.gateway;
  if (!billing) return;
  const sub = await Subscription.query(deps.db)
    .where({ userId })
    .whereIn('status', MEMBER_STATUSES)
    .whereNotNull('gatewaySubscriptionId')
    .first();
  const card = await chargeCard(deps.db, userId);
  if (sub?.gatewaySubscriptionId && card) {
    await billing.setDefaultPaymentMethod(sub.gatewaySubscriptionId, card.gatewayPaymentMethodId);
  }
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** What the subscription page shows, with what canceling now would do. */
export function subscriptionView(
  sub: Subscription,
  card: PaymentMethod | undefined,
  config: PricingConfig,
  now: Date,
): SubscriptionView {
  const cancelable = isMemberStatus(sub.status) && !sub.cancelAtPeriodEnd;
  const terms = cancelable ? cancelTerms(sub, config, now) : null;
  return {
    id: sub.id,
    plan: sub.plan,
    status: sub.status,
    price: centsToDollars(sub.priceCents),
    currentPeriodEnd: iso(sub.currentPeriodEnd),
    minimumTermEndsAt: sub.billingAnchorAt ? iso(sub.minimumTermEndsAt) : null,
    paidMonths: sub.paidMonths,
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    canceledAt: iso(sub.canceledAt),
    lastFailureMessage: sub.status === 'past_due' ? sub.lastFailureMessage : null,
    nextRetryAt: sub.status === 'past_due' ? iso(sub.nextChargeAt) : null,
    card: card ? { brand: card.brand, last4: card.last4 } : null,
    cancelTerms: terms
      ? {
          fee: centsToDollars(terms.feeCents),
          immediate: terms.immediate,
          endsAt: terms.endsAt.toISOString(),
        }
      : null,
  };
}
