import { centsToDollars } from '@twinclean/shared/money';
import {
  cancelTerms,
  isMemberStatus,
  type SubscriptionAnswer,
  type SubscriptionPage,
} from '@twinclean/shared/subscriptions';
import { AppError, notFound } from '../../errors';
import { Payment } from '../../models/payment';
import { Subscription } from '../../models/subscription';
import { User } from '../../models/user';
import { type PaymentDeps, queueRefunds, REFUND_QUEUE, runRefunds } from '../payments/ledger';
import { loadPricing } from '../pricing/service';
import { settleFirstPayment } from './checkout';
import { activatedEmail, canceledEmail } from './emails';
import { chargeCard, MEMBER_STATUSES, subscriptionView, syncMembership } from './membership';

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
  const settled = await deps.db.transaction(async (trx) => {
    const result = await settleFirstPayment(trx, deps, intent, now);
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

/**
 * Cancels the membership (DECISIONS.md "Subscriptions"): inside the minimum term the
 * early-cancellation fee is charged to the saved card and the membership ends now; a refused
 * charge changes nothing (402 with the gateway's words). After the minimum term it ends at the
 * period's end. The row lock makes three cancels at once one cancel: one fee, then two 409s.
 */
export async function cancelSubscription(
  deps: PaymentDeps,
  userId: string,
  id: string,
  now = new Date(),
): Promise<SubscriptionAnswer> {
  const { sub, feeCardLast4 } = await deps.db.transaction(async (trx) => {
    const sub = await Subscription.query(trx).findOne({ id, userId }).forUpdate();
    if (!sub) throw notFound('Subscription');
    if (!isMemberStatus(sub.status) || sub.cancelAtPeriodEnd) {
      throw new AppError(409, 'not_cancelable', 'This membership is already canceled.');
    }
    const terms = cancelTerms(sub, await loadPricing(trx), now);
    const billed = sub.gatewaySubscriptionId;
    if (!terms.immediate) {
      if (billed) await deps.gateway.billing?.setCancelAtPeriodEnd(billed, true);
      const ending = await sub
        .$query(trx)
        .patchAndFetch({ cancelAtPeriodEnd: true, canceledAt: now });
      return { sub: ending, feeCardLast4: null };
    }
    let feeCardLast4: string | null = null;
    if (terms.feeCents > 0) feeCardLast4 = await chargeFee(deps, trx, sub, terms.feeCents);
    // After the fee (a refused fee leaves the membership as it was); a retry charges it once.
    if (billed) await deps.gateway.billing?.cancelSubscription(billed);
    const ended = await sub.$query(trx).patchAndFetch({
      status: 'canceled',
      canceledAt: now,
      cancelFeeCents: terms.feeCents,
      nextChargeAt: null,
    });
    await syncMembership(trx, userId);
    return { sub: ended, feeCardLast4 };
  });
  const member = await User.query(deps.db).findById(userId);
  if (member) await deps.mailer.send(canceledEmail(member, sub, feeCardLast4));
  return answer(deps, sub, 'Subscription Canceled');
}

/** Charges the early-cancellation fee to the saved card, or refuses the cancel with why. */
async function chargeFee(
  deps: PaymentDeps,
  trx: Parameters<typeof syncMembership>[0],
  sub: Subscription,
  feeCents: number,
): Promise<string | null> {
  const card = await chargeCard(trx, sub.userId);
  const member = await User.query(trx).findById(sub.userId).select('gatewayCustomerId');
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
    // One fee per subscription, however often the cancel is tried.
    idempotencyKey: `early-cancel:${sub.id}:${feeCents}`,
  });
  if (intent.status !== 'succeeded') {
    throw new AppError(
      402,
      'payment_failed',
      intent.failureMessage ?? 'The fee could not be charged.',
    );
  }
  await Payment.query(trx)
    .insert({
      userId: sub.userId,
      subscriptionId: sub.id,
      gateway: deps.gateway.name,
      gatewayPaymentId: intent.id,
      kind: 'early_cancel_fee',
      amountCents: intent.amountCents,
      status: 'succeeded',
      cardLast4: intent.cardLast4,
    })
    .onConflict('gatewayPaymentId')
    .ignore();
  return intent.cardLast4;
}
