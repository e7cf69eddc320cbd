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
import { loadPricing } from '../../core/pricing';
import { AppError } from '../../errors';
import { Payment } from '../../models/payment';
import { Subscription } from '../../models/subscription';
import { customerOf } from '../payment-methods/service';
import type { PaymentDeps } from '../payments/ledger';
import { liveSubscription, lockMember } from './membership';

const OPEN = new Set(['requires_payment_method', 'requires_confirmation', 'requires_action']);

type Claim =
  | { kind: 'member'; sub: Subscription }
  | { kind: 'open'; sub: Subscription; pending: Payment | undefined }
  | { kind: 'new'; sub: Subscription; dropped: Dropped | null };

/** A checkout given up for another: what the gateway must be told once the drop commits. */
type Dropped = { gatewaySubscriptionId: string | null; intentId: string | null };

// A checkout dropped under the client's feet this many times in a row (another tab choosing
// another plan each time) is answered with a 409 rather than chased forever.
const ATTEMPTS = 3;

/**
 * POST /api/create-subscription: an incomplete subscription and month 1's intent, which saves the
 * card that pays it. Claim, call, record: under the client's row lock it is decided which
 * checkout this is (the member's own; an open one for the same plan and price, handed back; or a
 * new one, an open one for another plan dropped first); then, with no lock held, the gateway is
 * asked with the checkout's own idempotency key, so two tabs get one intent; then the intent is
 * recorded. A member (active or trialing) gets their subscription back: spec 2 §4's "already
 * subscribed".
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
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    await refuseIfFirstMonthPaid(deps, user.id);
    const claim = await claimCheckout(deps, user.id, plan, now);
    if (claim.kind === 'member') return answer(claim.sub, null);
    if (claim.kind === 'new' && claim.dropped) await tellGatewayDropped(deps, claim.dropped);
    if (claim.kind === 'open' && claim.pending) {
      const intent = await deps.gateway.retrieveIntent(claim.pending.gatewayPaymentId);
      if (intent && OPEN.has(intent.status)) return answer(claim.sub, intent);
      if (intent?.status === 'succeeded') throw firstMonthPaid();
      // Its intent can no longer be paid (canceled at the gateway): a fresh checkout next time.
      await dropIfIncomplete(deps, user.id, claim.sub.id);
      continue;
    }
    // A new checkout, or an open one whose creator is still asking the gateway: the same key
    // names the same intent.
    const intent = await firstMonth(deps, claim.sub, customerId);
    if (await recordFirstMonth(deps, claim.sub, intent)) return answer(claim.sub, intent);
    await tellGatewayDropped(deps, {
      gatewaySubscriptionId: intent.subscriptionId,
      intentId: intent.id,
    });
  }
  throw new AppError(
    409,
    'checkout_replaced',
    'Your membership checkout changed in another tab. Reload the page to see it.',
  );
}

const firstMonthPaid = () =>
  new AppError(
    409,
    'subscription_paid',
    'Your first month is already paid. Refresh the page to see your membership.',
  );

/** Paid at the gateway but not yet recorded: recording it activates that checkout, so keep it. */
async function refuseIfFirstMonthPaid(deps: PaymentDeps, userId: string): Promise<void> {
  const live = await liveSubscription(deps.db, userId);
  if (live?.status !== 'incomplete') return;
  const pending = await Payment.query(deps.db).findOne({
    subscriptionId: live.id,
    status: 'requires_payment',
  });
  const intent = pending ? await deps.gateway.retrieveIntent(pending.gatewayPaymentId) : null;
  if (intent?.status === 'succeeded') throw firstMonthPaid();
}

/** Which checkout this request is, decided under the client's row lock (see createSubscription). */
async function claimCheckout(
  deps: PaymentDeps,
  userId: string,
  plan: Subscription['plan'],
  now: Date,
): Promise<Claim> {
  return deps.db.transaction(async (trx) => {
    await lockMember(trx, userId);
    const config = await loadPricing(trx);
    const cents = planCents(plan, config);
    const live = await liveSubscription(trx, userId);
    if (live && isAlreadySubscribed(live.status)) return { kind: 'member', sub: live };
    if (live?.status === 'past_due') {
      throw new AppError(
        409,
        'subscription_past_due',
        'Your membership is waiting for a renewal payment. Choose another card on the subscription page.',
      );
    }
    if (live && live.plan === plan && live.priceCents === cents) {
      const pending = await Payment.query(trx).findOne({
        subscriptionId: live.id,
        status: 'requires_payment',
      });
      return { kind: 'open', sub: live, pending };
    }
    const dropped = live ? await drop(trx, live) : null;
    const sub = await Subscription.query(trx).insertAndFetch({
      userId,
      plan,
      status: 'incomplete',
      gateway: deps.gateway.name,
      priceCents: cents,
      // Counted again from the day month 1 is paid.
      minimumTermEndsAt: addMonths(now, config.subscriptionMinimumMonths),
      seniorDeclaredAt: plan === 'senior' ? now : null,
    });
    return { kind: 'new', sub, dropped };
  });
}

/** Gives up an unpaid checkout here; the caller tells the gateway once this commits. */
async function drop(trx: Knex.Transaction, live: Subscription): Promise<Dropped> {
  const pending = await Payment.query(trx).findOne({
    subscriptionId: live.id,
    status: 'requires_payment',
  });
  if (pending) await pending.$query(trx).patch({ status: 'canceled' });
  await live.$query(trx).patch({ status: 'canceled', canceledAt: new Date() });
  return {
    gatewaySubscriptionId: live.gatewaySubscriptionId,
    intentId: pending?.gatewayPaymentId ?? null,
  };
}

async function dropIfIncomplete(
  deps: PaymentDeps,
  userId: string,
  subscriptionId: string,
): Promise<void> {
  const dropped = await deps.db.transaction(async (trx) => {
    await lockMember(trx, userId);
    const sub = await Subscription.query(trx).findById(subscriptionId).forUpdate();
    return sub?.status === 'incomplete' ? drop(trx, sub) : null;
  });
  if (dropped) await tellGatewayDropped(deps, dropped);
}

/**
 * A dropped checkout can no longer be paid. Stripe refuses to cancel an invoice's intent:
 * canceling its subscription voids the invoice. Should the gateway not answer, a payment made
 * on the old form is refunded when it is reported (settleFirstPayment).
 */
async function tellGatewayDropped(deps: PaymentDeps, dropped: Dropped): Promise<void> {
  try {
    if (dropped.gatewaySubscriptionId && deps.gateway.billing) {
      await deps.gateway.billing.cancelSubscription(dropped.gatewaySubscriptionId);
    } else if (dropped.intentId) {
      await deps.gateway.cancelIntent(dropped.intentId);
    }
  } catch (error) {
    deps.logger.warn({ err: error }, 'could not cancel a dropped membership checkout');
  }
}

/**
 * Records month 1's intent on its checkout, once (two tabs record the same intent); false when
 * the checkout was dropped meanwhile by another tab choosing another plan.
 */
async function recordFirstMonth(
  deps: PaymentDeps,
  sub: Subscription,
  intent: FirstMonthIntent,
): Promise<boolean> {
  return deps.db.transaction(async (trx) => {
    await lockMember(trx, sub.userId);
    const current = await Subscription.query(trx).findById(sub.id).forUpdate();
    if (current?.status !== 'incomplete') return false;
    if (intent.subscriptionId) {
      await current.$query(trx).patch({ gatewaySubscriptionId: intent.subscriptionId });
    }
    await Payment.query(trx)
      .insert({
        userId: sub.userId,
        subscriptionId: sub.id,
        gateway: deps.gateway.name,
        gatewayPaymentId: intent.id,
        kind: 'subscription',
        amountCents: sub.priceCents,
        status: 'requires_payment',
      })
      .onConflict('gatewayPaymentId')
      .ignore();
    return true;
  });
}

/** Month 1's intent, and the gateway's subscription when the gateway renews it (Stripe Billing). */
type FirstMonthIntent = GatewayIntent & { subscriptionId: string | null };

/**
 * Month 1's intent, which saves the card that pays it. With Stripe Billing it is the first
 * invoice's, of a subscription Stripe renews from then on; else a plain intent, and our renewal
 * job charges the saved card each month. One per checkout, however often it is asked for.
 */
async function firstMonth(
  deps: PaymentDeps,
  sub: Subscription,
  customerId: string,
): Promise<FirstMonthIntent> {
  const name = `TwinClean ${PLAN_NAMES[sub.plan]} membership`;
  const metadata = { subscriptionId: sub.id, kind: 'subscription' };
  const idempotencyKey = `subscription:${sub.id}:month-1`;
  const { billing } = deps.gateway;
  if (!billing) {
    const intent = await deps.gateway.createIntent({
      amountCents: sub.priceCents,
      description: `${name}, month 1`,
      metadata,
      idempotencyKey,
      customerId,
      saveCard: true,
    });
    return { ...intent, subscriptionId: null };
  }
  const created = await billing.createSubscription({
    customerId,
    amountCents: sub.priceCents,
    productName: name,
    metadata,
    idempotencyKey,
  });
  const intent = await deps.gateway.retrieveIntent(created.paymentIntentId);
  if (!intent) throw new Error(`Stripe has no intent ${created.paymentIntentId} for its invoice`);
  return { ...intent, subscriptionId: created.subscription.id };
}
