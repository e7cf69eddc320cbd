import type { CurrentUser } from '@twinclean/shared/auth';
import { centsToDollars } from '@twinclean/shared/money';
import {
  addMonths,
  type CreateSubscriptionAnswer,
  type CreateSubscriptionInput,
  isAlreadySubscribed,
  PLAN_NAMES,
  planCents,
} from '@twinclean/shared/subscriptions';
import type { Knex } from 'knex';
import type { GatewayIntent } from '../../adapters/payments/gateway';
import { AppError } from '../../errors';
import { Payment } from '../../models/payment';
import { Subscription } from '../../models/subscription';
import { User } from '../../models/user';
import { customerOf, keepCard } from '../payment-methods/service';
import { type PaymentDeps, type RefundOrder, recordSucceeded } from '../payments/ledger';
import { loadPricing } from '../pricing/service';
import { liveSubscription, syncMembership } from './membership';

const OPEN = new Set(['requires_payment_method', 'requires_confirmation', 'requires_action']);

/**
 * POST /api/create-subscription: an incomplete subscription and month 1's intent, which saves the
 * card that pays it. The client's row is locked meanwhile, so two tabs get one subscription; an
 * open one for the same plan and price is handed back, one for another plan is dropped first.
 * A member (active or trialing) gets their subscription back: spec 2 §4's "already subscribed".
 */
export async function createSubscription(
  deps: PaymentDeps,
  user: CurrentUser,
  input: CreateSubscriptionInput,
  now = new Date(),
): Promise<CreateSubscriptionAnswer> {
  const plan = input.subscriptionType;
  if (plan === 'senior' && input.seniorDeclaration !== true) {
    throw new AppError(
      400,
      'senior_declaration_required',
      'Please confirm that you are 65 or older, or live with a disability, to choose the Senior plan.',
    );
  }
  const customerId = await customerOf(deps, user);
  return deps.db.transaction(async (trx) => {
    await User.query(trx).findById(user.id).forUpdate();
    const config = await loadPricing(trx);
    const cents = planCents(plan, config);
    const answer = (sub: Subscription, intent: GatewayIntent | null): CreateSubscriptionAnswer => ({
      subscriptionId: sub.id,
      clientSecret: intent?.clientSecret ?? null,
      status: sub.status,
      message: intent ? 'Subscription created' : 'Already Subscribed',
      paymentIntentId: intent?.id ?? null,
      amount: centsToDollars(intent ? intent.amountCents : sub.priceCents),
      gateway: deps.gateway.name,
      publishableKey: deps.gateway.publishableKey,
    });

    const live = await liveSubscription(trx, user.id);
    if (live && isAlreadySubscribed(live.status)) return answer(live, null);
    if (live?.status === 'past_due') {
      throw new AppError(
        409,
        'subscription_past_due',
        'Your membership is waiting for a renewal payment. Choose another card on the subscription page.',
      );
    }
    if (live) {
      const reused = await reuseOrDrop(deps, trx, live, plan, cents);
      if (reused) return answer(live, reused);
    }
    const sub = await Subscription.query(trx).insertAndFetch({
      userId: user.id,
      plan,
      status: 'incomplete',
      gateway: deps.gateway.name,
      priceCents: cents,
      // Counted again from the day month 1 is paid.
      minimumTermEndsAt: addMonths(now, config.subscriptionMinimumMonths),
      seniorDeclaredAt: plan === 'senior' ? now : null,
    });
    const intent = await firstMonth(deps, trx, sub, customerId);
    await Payment.query(trx).insert({
      userId: user.id,
      subscriptionId: sub.id,
      gateway: deps.gateway.name,
      gatewayPaymentId: intent.id,
      kind: 'subscription',
      amountCents: cents,
      status: 'requires_payment',
    });
    return answer(sub, intent);
  });
}

/**
 * Month 1's intent, which saves the card that pays it. With Stripe Billing it is the first
 * invoice's, of a subscription Stripe renews from then on; else a plain intent, and our renewal
 * job charges the saved card each month.
 */
async function firstMonth(
  deps: PaymentDeps,
  trx: Knex.Transaction,
  sub: Subscription,
  customerId: string,
): Promise<GatewayIntent> {
  const name = `TwinClean ${PLAN_NAMES[sub.plan]} membership`;
  const metadata = { subscriptionId: sub.id, kind: 'subscription' };
  const idempotencyKey = `subscription:${sub.id}:month-1`;
  const { billing } = deps.gateway;
  if (!billing) {
    return deps.gateway.createIntent({
      amountCents: sub.priceCents,
      description: `${name}, month 1`,
      metadata,
      idempotencyKey,
      customerId,
      saveCard: true,
    });
  }
  const created = await billing.createSubscription({
    customerId,
    amountCents: sub.priceCents,
    productName: name,
    metadata,
    idempotencyKey,
  });
  await sub.$query(trx).patch({ gatewaySubscriptionId: created.subscription.id });
  const intent = await deps.gateway.retrieveIntent(created.paymentIntentId);
  if (!intent) throw new Error(`Stripe has no intent ${created.paymentIntentId} for its invoice`);
  return intent;
}

/** The open checkout's intent when it is for this plan and price; else the checkout is dropped. */
async function reuseOrDrop(
  deps: PaymentDeps,
  trx: Knex.Transaction,
  live: Subscription,
  plan: Subscription['plan'],
  cents: number,
): Promise<GatewayIntent | null> {
  const pending = await Payment.query(trx).findOne({
    subscriptionId: live.id,
    status: 'requires_payment',
  });
  const intent = pending ? await deps.gateway.retrieveIntent(pending.gatewayPaymentId) : null;
  if (intent && OPEN.has(intent.status) && live.plan === plan && live.priceCents === cents) {
    return intent;
  }
  // Paid but not yet recorded: recording it activates this subscription, so keep it.
  if (intent?.status === 'succeeded') {
    throw new AppError(
      409,
      'subscription_paid',
      'Your first month is already paid. Refresh the page to see your membership.',
    );
  }
  // Stripe refuses to cancel an invoice's intent: canceling its subscription voids the invoice.
  if (live.gatewaySubscriptionId && deps.gateway.billing) {
    await deps.gateway.billing.cancelSubscription(live.gatewaySubscriptionId);
  } else if (pending) {
    await deps.gateway.cancelIntent(pending.gatewayPaymentId);
  }
  if (pending) await pending.$query(trx).patch({ status: 'canceled' });
  await live.$query(trx).patch({ status: 'canceled', canceledAt: new Date() });
  return null;
}

export type FirstPayment =
  | { paid: true; subscription: Subscription; activated: boolean; refunds: RefundOrder[] }
  | { paid: false; message: string };

/**
 * Records month 1 as the gateway reports it, once (one payment row per gateway id, whoever
 * reports first: the browser, a webhook or the LocalGateway): the subscription becomes active
 * from now, the card that paid becomes the client's default saved card, and the user a member.
 * Money for a checkout that was dropped meanwhile (another plan chosen) goes back in full.
 */
export async function settleFirstPayment(
  trx: Knex.Transaction,
  deps: Pick<PaymentDeps, 'gateway'>,
  intent: GatewayIntent,
  now = new Date(),
): Promise<FirstPayment> {
  // Found by its payment row: a Stripe invoice's intent carries none of our metadata.
  const known = await Payment.query(trx).findOne({ gatewayPaymentId: intent.id }).forUpdate();
  const subscriptionId = known?.subscriptionId ?? intent.metadata.subscriptionId;
  const sub = subscriptionId
    ? await Subscription.query(trx).findById(subscriptionId).forUpdate()
    : undefined;
  if (!sub) return { paid: false, message: 'This payment is not for a subscription.' };
  if (known?.status === 'succeeded') {
    return { paid: true, subscription: sub, activated: false, refunds: [] };
  }
  if (intent.status !== 'succeeded') {
    if (known) await known.$query(trx).patch({ failureMessage: intent.failureMessage });
    return { paid: false, message: intent.failureMessage ?? 'The payment has not gone through.' };
  }
  const payment = await recordSucceeded(trx, known, intent, {
    userId: sub.userId,
    subscriptionId: sub.id,
    gateway: deps.gateway.name,
    kind: 'subscription',
  });
  if (sub.status !== 'incomplete') {
    const refund: RefundOrder = {
      paymentId: payment.id,
      amountCents: payment.amountCents,
      reason: 'Paid for a membership checkout that was replaced',
      createdBy: null,
      key: `refund:${payment.id}:dropped-checkout`,
    };
    return { paid: true, subscription: sub, activated: false, refunds: [refund] };
  }
  const config = await loadPricing(trx);
  // Stripe Billing keeps its own dates; ours count whole months from this payment.
  const billed = sub.gatewaySubscriptionId
    ? await deps.gateway.billing?.retrieveSubscription(sub.gatewaySubscriptionId)
    : null;
  const anchor = billed?.currentPeriodStart ?? now;
  const activated = await sub.$query(trx).patchAndFetch({
    status: 'active',
    billingAnchorAt: anchor,
    paidMonths: 1,
    currentPeriodStart: anchor,
    currentPeriodEnd: billed?.currentPeriodEnd ?? addMonths(anchor, 1),
    // Stripe renews it; our renewal job only renews those it charges itself.
    nextChargeAt: billed ? null : addMonths(anchor, 1),
    minimumTermEndsAt: addMonths(anchor, config.subscriptionMinimumMonths),
  });
  if (intent.paymentMethod) {
    await keepCard(trx, sub.userId, deps.gateway.name, intent.paymentMethod, { asDefault: true });
  }
  await syncMembership(trx, sub.userId);
  return { paid: true, subscription: activated, activated: true, refunds: [] };
}
