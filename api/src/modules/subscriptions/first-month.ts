import { addMonths } from '@twinclean/shared/subscriptions';
import type { Knex } from 'knex';
import type { GatewayIntent, GatewaySubscription } from '../../adapters/payments/gateway';
import { loadPricing } from '../../core/pricing';
import { Payment } from '../../models/payment';
import { Subscription } from '../../models/subscription';
import { keepCard } from '../payment-methods/service';
import { type PaymentDeps, type RefundOrder, recordSucceeded } from '../payments/ledger';
import { lockMember, syncMembership } from './membership';

/**
 * The membership a first-month intent pays for, as Stripe Billing has it (null without Billing):
 * asked before the transaction that records the payment, never inside it.
 */
export async function billedSubscriptionOf(
  deps: Pick<PaymentDeps, 'db' | 'gateway'>,
  intent: GatewayIntent,
): Promise<GatewaySubscription | null> {
  const { billing } = deps.gateway;
  if (!billing) return null;
  const known = await Payment.query(deps.db).findOne({ gatewayPaymentId: intent.id });
  const subscriptionId = known?.subscriptionId ?? intent.metadata.subscriptionId;
  const sub = subscriptionId ? await Subscription.query(deps.db).findById(subscriptionId) : null;
  return sub?.gatewaySubscriptionId
    ? billing.retrieveSubscription(sub.gatewaySubscriptionId)
    : null;
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
  /** Stripe Billing's subscription, read before the transaction (it keeps its own dates). */
  billed: GatewaySubscription | null,
  now = new Date(),
): Promise<FirstPayment> {
  // Found by its payment row: a Stripe invoice's intent carries none of our metadata.
  const row = await Payment.query(trx).findOne({ gatewayPaymentId: intent.id });
  const subscriptionId = row?.subscriptionId ?? intent.metadata.subscriptionId;
  const member = subscriptionId
    ? await Subscription.query(trx).findById(subscriptionId).select('userId')
    : undefined;
  // The client's row first, as a checkout takes it (lockMember): the two never wait on each other.
  if (member) await lockMember(trx, member.userId);
  const known = await Payment.query(trx).findOne({ gatewayPaymentId: intent.id }).forUpdate();
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
