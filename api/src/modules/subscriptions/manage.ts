import { centsToDollars } from '@twinclean/shared/money';
import {
  cancelTerms,
  isMemberStatus,
  type SubscriptionAnswer,
  type SubscriptionPage,
} from '@twinclean/shared/subscriptions';
import type { Knex } from 'knex';
import type { GatewayIntent } from '../../adapters/payments/gateway';
import { loadPricing } from '../../core/pricing';
import { AppError, notFound } from '../../errors';
import { Payment } from '../../models/payment';
import { Subscription } from '../../models/subscription';
import { User } from '../../models/user';
import { type PaymentDeps, REFUND_QUEUE, type RefundOrder } from '../payments/ledger';
import { queueRefunds, runRefunds } from '../payments/refund-queue';
import { activatedEmail, canceledEmail } from './emails';
import { billedSubscriptionOf, settleFirstPayment } from './first-month';
import { cancelAtGateway, GATEWAY_CANCEL_QUEUE, queueGatewayCancel } from './gateway-cancel';
import {
  chargeCard,
  lockMember,
  MEMBER_STATUSES,
  subscriptionView,
  syncMembership,
} from './membership';

/** GET /api/subscription: the client's membership (null when none) and the plans on offer. */
export async function subscriptionPage(
  deps: Pick<PaymentDeps, 'db'>,
  userId: string,
  now = new Date(),
): Promise<SubscriptionPage> {
  const config = await loadPricing(deps.db);
  const sub = await Subscription.query(deps.db)
    .where({ userId })
    .whereIn('status', MEMBER_STATUSES)
    .first();
  const card = sub ? await chargeCard(deps.db, userId) : undefined;
  return {
    subscription: sub ? subscriptionView(sub, card, config, now) : null,
    plans: [
      { plan: 'standard', price: centsToDollars(config.standardPlanCents) },
      { plan: 'senior', price: centsToDollars(config.seniorPlanCents) },
    ],
    minimumMonths: config.subscriptionMinimumMonths,
    earlyCancelFee: centsToDollars(config.subscriptionEarlyCancelFeeCents),
  };
}

async function answer(deps: Pick<PaymentDeps, 'db'>, sub: Subscription, message: string) {
  const config = await loadPricing(deps.db);
  const card = await chargeCard(deps.db, sub.userId);
  return { message, subscription: subscriptionView(sub, card, config, new Date()) };
}

/**
 * Month 1 as reported by anyone (the browser, a webhook, the LocalGateway's card form): recorded
 * once; the first report also runs any refund it owes and sends the welcome e-mail.
 */
export async function settleSubscriptionPayment(
  deps: PaymentDeps,
  intent: Parameters<typeof settleFirstPayment>[2],
  now = new Date(),
) {
  await deps.jobs.prepare([REFUND_QUEUE]);
  const billed = intent.status === 'succeeded' ? await billedSubscriptionOf(deps, intent) : null;
  const settled = await deps.db.transaction(async (trx) => {
    const result = await settleFirstPayment(trx, deps, intent, billed, now);
    if (result.paid) await queueRefunds(deps.jobs, trx, result.refunds);
    return result;
  });
  if (settled.paid) {
    await runRefunds(deps, settled.refunds);
    const member = await User.query(deps.db).findById(settled.subscription.userId);
    if (settled.activated && member) {
      await deps.mailer.send(activatedEmail(member, settled.subscription, deps.siteUrl));
    }
  }
  return settled;
}

/** POST /api/subscriptions/{id}/record-payment: the card form says month 1 went through. */
export async function recordSubscriptionPayment(
  deps: PaymentDeps,
  sub: Subscription,
  paymentIntentId: string,
  now = new Date(),
): Promise<SubscriptionAnswer> {
  const ours = await Payment.query(deps.db).findOne({ gatewayPaymentId: paymentIntentId });
  const intent = ours ? await deps.gateway.retrieveIntent(paymentIntentId) : null;
  if (!ours || !intent) throw notFound('Payment');
  if (ours.subscriptionId !== sub.id) {
    throw new AppError(409, 'intent_mismatch', 'This payment belongs to another checkout.');
  }
  const settled = await settleSubscriptionPayment(deps, intent, now);
  if (!settled.paid) throw new AppError(402, 'payment_failed', settled.message);
  if (!isMemberStatus(settled.subscription.status)) {
    throw new AppError(
      409,
      'checkout_replaced',
      'This checkout was replaced by another; its payment is being refunded.',
    );
  }
  return answer(deps, settled.subscription, 'Subscription Activated!');
}

const alreadyCanceled = () =>
  new AppError(409, 'not_cancelable', 'This membership is already canceled.');

/**
 * Cancels the membership (DECISIONS.md "Subscriptions"): inside the minimum term the
 * early-cancellation fee is charged to the saved card and the membership ends now; a refused
 * charge changes nothing (402 with the gateway's words). After the minimum term it ends at the
 * period's end. The fee is charged with no lock held, its key the membership's, so cancels racing
 * each other charge one fee; then the first to take the row lock records the cancel and the rest
 * get 409. A membership Stripe Billing renews is told after the commit (gateway-cancel.ts).
 */
export async function cancelSubscription(
  deps: PaymentDeps,
  userId: string,
  id: string,
  now = new Date(),
): Promise<SubscriptionAnswer> {
  const sub = await Subscription.query(deps.db).findOne({ id, userId });
  if (!sub) throw notFound('Subscription');
  if (!isMemberStatus(sub.status) || sub.cancelAtPeriodEnd) throw alreadyCanceled();
  const terms = cancelTerms(sub, await loadPricing(deps.db), now);
  const fee =
    terms.immediate && terms.feeCents > 0 ? await chargeFee(deps, sub, terms.feeCents) : null;
  await deps.jobs.prepare([REFUND_QUEUE, GATEWAY_CANCEL_QUEUE]);
  const recorded = await deps.db.transaction(async (trx) => {
    await lockMember(trx, userId);
    const current = await Subscription.query(trx).findById(sub.id).forUpdate();
    if (!current) throw notFound('Subscription');
    const feeRow = fee ? await recordFee(trx, sub, deps.gateway.name, fee) : null;
    if (!isMemberStatus(current.status) || current.cancelAtPeriodEnd) {
      // Ended meanwhile by something that did not charge this fee (a renewal that gave up):
      // the fee goes back. A racing cancel that did charge it recorded this same payment.
      const orphan = feeRow && current.cancelFeeCents !== feeRow.amountCents;
      const refunds = orphan ? [feeRefund(feeRow)] : [];
      await queueRefunds(deps.jobs, trx, refunds);
      return { sub: null, refunds, gatewayCancel: null };
    }
    const changed = terms.immediate
      ? await current.$query(trx).patchAndFetch({
          status: 'canceled',
          canceledAt: now,
          cancelFeeCents: terms.feeCents,
          nextChargeAt: null,
        })
      : await current.$query(trx).patchAndFetch({ cancelAtPeriodEnd: true, canceledAt: now });
    if (terms.immediate) await syncMembership(trx, userId);
    const billed = current.gatewaySubscriptionId;
    const gatewayCancel =
      billed && deps.gateway.billing
        ? { gatewaySubscriptionId: billed, immediate: terms.immediate }
        : null;
    if (gatewayCancel) await queueGatewayCancel(deps, trx, gatewayCancel);
    return { sub: changed, refunds: [], gatewayCancel };
  });
  await runRefunds(deps, recorded.refunds);
  if (!recorded.sub) throw alreadyCanceled();
  if (recorded.gatewayCancel) {
    await cancelAtGateway(deps, recorded.gatewayCancel).catch((error: unknown) =>
      deps.logger.error({ err: error }, 'Stripe did not take the cancel; the queue will retry it'),
    );
  }
  const member = await User.query(deps.db).findById(userId);
  if (member) {
    await deps.mailer.send(canceledEmail(member, recorded.sub, fee?.cardLast4 ?? null));
  }
  return answer(deps, recorded.sub, 'Subscription Canceled');
}

const feeRefund = (payment: Payment): RefundOrder => ({
  paymentId: payment.id,
  amountCents: payment.amountCents,
  reason: 'Early-cancellation fee for a membership that had already ended',
  createdBy: null,
  key: `refund:${payment.id}:orphan-fee`,
});

/** The fee's payment row, once per gateway payment (racing cancels record the same one). */
async function recordFee(
  trx: Knex.Transaction,
  sub: Subscription,
  gateway: Payment['gateway'],
  fee: GatewayIntent,
): Promise<Payment> {
  await Payment.query(trx)
    .insert({
      userId: sub.userId,
      subscriptionId: sub.id,
      gateway,
      gatewayPaymentId: fee.id,
      kind: 'early_cancel_fee',
      amountCents: fee.amountCents,
      status: 'succeeded',
      cardLast4: fee.cardLast4,
    })
    .onConflict('gatewayPaymentId')
    .ignore();
  return Payment.query(trx).findOne({ gatewayPaymentId: fee.id }).throwIfNotFound();
}

/** Charges the early-cancellation fee to the saved card, or refuses the cancel with why. */
async function chargeFee(
  deps: PaymentDeps,
  sub: Subscription,
  feeCents: number,
): Promise<GatewayIntent> {
  const card = await chargeCard(deps.db, sub.userId);
  const member = await User.query(deps.db).findById(sub.userId).select('gatewayCustomerId');
  if (!card || !member?.gatewayCustomerId) {
    throw new AppError(
      402,
      'no_saved_card',
      'Add a card on the payment methods page to pay the early-cancellation fee.',
    );
  }
  const intent = await deps.gateway.chargeSavedCard({
    customerId: member.gatewayCustomerId,
    paymentMethodId: card.gatewayPaymentMethodId,
    amountCents: feeCents,
    description: 'TwinClean membership early-cancellation fee',
    metadata: { subscriptionId: sub.id, kind: 'early_cancel_fee' },
    // One fee per subscription, however often (or however many times at once) the cancel is tried.
    idempotencyKey: `early-cancel:${sub.id}:${feeCents}`,
  });
  if (intent.status !== 'succeeded') {
    throw new AppError(
      402,
      'payment_failed',
      intent.failureMessage ?? 'The fee could not be charged.',
    );
  }
  return intent;
}
