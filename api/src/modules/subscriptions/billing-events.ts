import type {
  GatewayEvent,
  GatewayInvoice,
  GatewaySubscription,
} from '../../adapters/payments/gateway';
import { Payment } from '../../models/payment';
import { Subscription } from '../../models/subscription';
import { User } from '../../models/user';
import type { PaymentDeps } from '../payments/ledger';
import type { MembershipReports } from '../payments/reported';
import { canceledEmail, renewalFailedEmail, renewedEmail } from './emails';
import { settleSubscriptionPayment } from './manage';
import { lockMember, syncMembership } from './membership';

// Stripe Billing renews memberships itself (DECISIONS.md "Subscriptions"); its webhooks tell us
// what happened, and each is recorded once (the webhook route handles each event id once, and a
// renewal's payment row is unique by its gateway id). Stripe's retry schedule is the account's
// (README: 3 retries over 7 days, then cancel); we mirror the outcome.

const BILLING_EVENTS = new Set([
  'invoice.paid',
  'invoice.payment_failed',
  'customer.subscription.updated',
  'customer.subscription.deleted',
]);

/** A gateway event about memberships (any other is not ours, and is let be). */
export async function onBillingEvent(deps: PaymentDeps, event: GatewayEvent): Promise<void> {
  if (!BILLING_EVENTS.has(event.type)) return;
  if (event.invoice) {
    if (event.type === 'invoice.paid') await invoicePaid(deps, event.invoice);
    if (event.type === 'invoice.payment_failed') await invoiceFailed(deps, event.invoice);
  }
  if (event.subscription) await subscriptionChanged(deps, event.subscription);
}

const ours = (gatewaySubscriptionId: string | null) =>
  gatewaySubscriptionId ? Subscription.query().findOne({ gatewaySubscriptionId }) : undefined;

async function invoicePaid(deps: PaymentDeps, reported: GatewayInvoice): Promise<void> {
  const invoice = (await deps.gateway.billing?.retrieveInvoice(reported.id)) ?? reported;
  if (!invoice.paymentIntentId) return;
  const intent = await deps.gateway.retrieveIntent(invoice.paymentIntentId);
  if (!intent) return;
  // Month 1 is the checkout's intent, recorded as the browser's report would record it.
  if (invoice.billingReason === 'subscription_create') {
    await settleSubscriptionPayment(deps, intent);
    return;
  }
  if (invoice.billingReason !== 'subscription_cycle') return;
  const sub = await ours(invoice.subscriptionId);
  if (!sub) return;
  const renewed = await deps.db.transaction(async (trx) => {
    const current = await Subscription.query(trx).findById(sub.id).forUpdate().throwIfNotFound();
    // A redelivered renewal conflicts on the gateway id and inserts nothing: no row comes back,
    // so the payment's id stays unset and the month is not counted twice.
    const payment = await Payment.query(trx)
      .insert({
        userId: current.userId,
        subscriptionId: current.id,
        gateway: deps.gateway.name,
        gatewayPaymentId: intent.id,
        kind: 'subscription',
        amountCents: intent.amountCents,
        status: 'succeeded',
        cardLast4: intent.cardLast4,
      })
      .onConflict('gatewayPaymentId')
      .ignore()
      .returning('id');
    if (payment.id === undefined) return null;
    return current.$query(trx).patchAndFetch({
      status: 'active',
      paidMonths: current.paidMonths + 1,
      currentPeriodStart: invoice.periodStart ?? current.currentPeriodEnd,
      currentPeriodEnd: invoice.periodEnd ?? current.currentPeriodEnd,
      failedAttempts: 0,
      lastFailureMessage: null,
      nextChargeAt: null,
    });
  });
  const member = await User.query(deps.db).findById(sub.userId);
  if (renewed && member) {
    await deps.mailer.send(renewedEmail(member, renewed, intent.cardLast4, deps.siteUrl));
  }
}

async function invoiceFailed(deps: PaymentDeps, invoice: GatewayInvoice): Promise<void> {
  if (invoice.billingReason !== 'subscription_cycle') return;
  const sub = await ours(invoice.subscriptionId);
  if (!sub || sub.status === 'canceled') return;
  const intent = invoice.paymentIntentId
    ? await deps.gateway.retrieveIntent(invoice.paymentIntentId)
    : null;
  const reason = invoice.failureMessage ?? intent?.failureMessage ?? 'The card was not charged.';
  const failed = await deps.db.transaction(async (trx) => {
    const current = await Subscription.query(trx).findById(sub.id).forUpdate().throwIfNotFound();
    const next = await current.$query(trx).patchAndFetch({
      status: invoice.nextPaymentAttempt ? 'past_due' : current.status,
      failedAttempts: Math.min(4, current.failedAttempts + 1),
      lastFailureMessage: reason,
      nextChargeAt: invoice.nextPaymentAttempt,
    });
    await syncMembership(trx, current.userId);
    return next;
  });
  const member = await User.query(deps.db).findById(sub.userId);
  if (member) await deps.mailer.send(renewalFailedEmail(member, failed, reason, deps.siteUrl));
}

/** Mirrors the subscription's state: canceled (by Stripe after the last retry, or at period end). */
async function subscriptionChanged(deps: PaymentDeps, reported: GatewaySubscription) {
  const sub = await ours(reported.id);
  if (!sub || sub.status === 'incomplete') return;
  const ended = await deps.db.transaction(async (trx) => {
    await lockMember(trx, sub.userId);
    const current = await Subscription.query(trx).findById(sub.id).forUpdate().throwIfNotFound();
    if (current.status === 'canceled') return null;
    if (reported.status !== 'canceled') {
      await current.$query(trx).patch({
        status: reported.status === 'past_due' ? 'past_due' : current.status,
        cancelAtPeriodEnd: reported.cancelAtPeriodEnd,
        currentPeriodEnd: reported.currentPeriodEnd ?? current.currentPeriodEnd,
      });
      await syncMembership(trx, current.userId);
      return null;
    }
    const done = await current.$query(trx).patchAndFetch({
      status: 'canceled',
      canceledAt: current.canceledAt ?? new Date(),
      nextChargeAt: null,
    });
    await syncMembership(trx, current.userId);
    return done;
  });
  const member = ended ? await User.query(deps.db).findById(sub.userId) : undefined;
  if (ended && member) await deps.mailer.send(canceledEmail(member, ended, null));
}

/** What the gateway reports about memberships, as payments hands it on (wired in app.ts). */
export const membershipReports = (deps: PaymentDeps): MembershipReports => ({
  firstMonthPaid: async (intent) => {
    await settleSubscriptionPayment(deps, intent);
  },
  billingEvent: (event) => onBillingEvent(deps, event),
});
