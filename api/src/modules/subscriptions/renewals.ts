import { addMonths, nextRetryAt, PLAN_NAMES } from '@twinclean/shared/subscriptions';
import { queueMail } from '../../adapters/mailer';
import type { GatewayIntent } from '../../adapters/payments/gateway';
import { Payment } from '../../models/payment';
import { Subscription } from '../../models/subscription';
import { User } from '../../models/user';
import type { PaymentDeps } from '../payments/ledger';
import { canceledEmail, renewalFailedEmail, renewedEmail } from './emails';
import { chargeCard, syncMembership } from './membership';

/**
 * A worker's claim on a renewal lasts this long: a worker that dies mid-charge is taken over
 * after it, and the takeover charges with the same idempotency key, so the card is charged once.
 */
export const CHARGE_LEASE_MS = 10 * 60_000;

export type RenewalOutcome = 'renewed' | 'retrying' | 'canceled' | 'ended' | null;

const leaseExpired = (now: Date) => new Date(now.getTime() - CHARGE_LEASE_MS);

/**
 * Every renewal now due (DECISIONS.md "Subscriptions"): month n+1 is charged to the saved card
 * when month n ends; a failure is tried again 1, 3 and 7 days later, then the membership is
 * canceled; a membership canceled for the period's end ends. Safe for several workers at once.
 */
export async function sweepRenewals(
  deps: PaymentDeps,
  now = new Date(),
): Promise<RenewalOutcome[]> {
  const due = await Subscription.query(deps.db)
    // Stripe Billing renews its own (billing-events.ts records them).
    .whereNull('gatewaySubscriptionId')
    .whereIn('status', ['active', 'past_due'])
    .where('nextChargeAt', '<=', now)
    .where((q) => q.whereNull('chargeClaimedAt').orWhere('chargeClaimedAt', '<', leaseExpired(now)))
    .select('id');
  const outcomes: RenewalOutcome[] = [];
  for (const { id } of due) {
    outcomes.push(
      await renew(deps, id, now).catch((error: unknown) => {
        deps.logger.error({ err: error, subscriptionId: id }, 'renewal failed; will retry');
        return null;
      }),
    );
  }
  return outcomes;
}

/**
 * Claims one due renewal (a conditional UPDATE: one worker wins), charges it, then settles it:
 * the payment, the membership and its e-mail (queued) in one transaction, so a worker killed
 * anywhere leaves either nothing recorded (the takeover charges again with the same key and
 * gets the same charge) or all of it, e-mail included.
 */
export async function renew(deps: PaymentDeps, id: string, now: Date): Promise<RenewalOutcome> {
  const [claimed] = await Subscription.query(deps.db)
    .patch({ chargeClaimedAt: now })
    .where({ id })
    .whereNull('gatewaySubscriptionId')
    .whereIn('status', ['active', 'past_due'])
    .where('nextChargeAt', '<=', now)
    .where((q) => q.whereNull('chargeClaimedAt').orWhere('chargeClaimedAt', '<', leaseExpired(now)))
    .returning('*');
  if (!claimed) return null;
  const sub = claimed as unknown as Subscription;
  if (sub.cancelAtPeriodEnd) return end(deps, sub, now);

  const member = await User.query(deps.db).findById(sub.userId).throwIfNotFound();
  const card = await chargeCard(deps.db, sub.userId);
  const month = sub.paidMonths + 1;
  const intent: GatewayIntent | null =
    card && member.gatewayCustomerId
      ? await deps.gateway.chargeSavedCard({
          customerId: member.gatewayCustomerId,
          paymentMethodId: card.gatewayPaymentMethodId,
          amountCents: sub.priceCents,
          description: `TwinClean ${PLAN_NAMES[sub.plan]} membership, month ${month}`,
          metadata: { subscriptionId: sub.id, kind: 'subscription', month: String(month) },
          // Per month and try: a takeover repeats the try, a retry days later is a new charge.
          idempotencyKey: `renewal:${sub.id}:${month}:${sub.failedAttempts}`,
        })
      : null;
  const paid = intent?.status === 'succeeded';
  const reason = intent?.failureMessage ?? 'There is no saved card to charge.';

  const settled = await deps.db.transaction(async (trx) => {
    const current = await Subscription.query(trx).findById(sub.id).forUpdate();
    // Taken over by another worker after our lease ran out: it records this charge.
    if (current?.chargeClaimedAt?.getTime() !== now.getTime()) return null;
    if (intent) {
      await Payment.query(trx)
        .insert({
          userId: sub.userId,
          subscriptionId: sub.id,
          gateway: deps.gateway.name,
          gatewayPaymentId: intent.id,
          kind: 'subscription',
          amountCents: intent.amountCents,
          status: paid ? 'succeeded' : 'failed',
          cardLast4: intent.cardLast4,
          failureMessage: paid ? null : reason,
        })
        .onConflict('gatewayPaymentId')
        .ignore();
    }
    if (paid) {
      const anchor = current.billingAnchorAt as Date;
      const renewed = await current.$query(trx).patchAndFetch({
        status: 'active',
        paidMonths: month,
        currentPeriodStart: addMonths(anchor, month - 1),
        currentPeriodEnd: addMonths(anchor, month),
        nextChargeAt: addMonths(anchor, month),
        failedAttempts: 0,
        lastFailureMessage: null,
        chargeClaimedAt: null,
      });
      const mail = await queueMail(
        trx,
        renewedEmail(member, renewed, intent.cardLast4, deps.siteUrl),
      );
      const outcome: RenewalOutcome = 'renewed';
      return { mail, outcome };
    }
    const failedAttempts = current.failedAttempts + 1;
    // Retries count from when the renewal was due: the period's end.
    const retry = nextRetryAt(current.currentPeriodEnd as Date, failedAttempts);
    const next = await current.$query(trx).patchAndFetch(
      retry
        ? {
            status: 'past_due',
            failedAttempts,
            nextChargeAt: retry,
            lastFailureMessage: reason,
            chargeClaimedAt: null,
          }
        : {
            status: 'canceled',
            failedAttempts,
            canceledAt: now,
            nextChargeAt: null,
            lastFailureMessage: reason,
            chargeClaimedAt: null,
          },
    );
    await syncMembership(trx, sub.userId);
    const mail = await queueMail(trx, renewalFailedEmail(member, next, reason, deps.siteUrl));
    const outcome: RenewalOutcome = next.status === 'canceled' ? 'canceled' : 'retrying';
    return { mail, outcome };
  });
  if (!settled) return null;
  await deps.mailer.deliver(settled.mail);
  return settled.outcome;
}

/** A membership canceled for the period's end, at that end: no charge, no fee. */
async function end(deps: PaymentDeps, sub: Subscription, now: Date): Promise<RenewalOutcome> {
  const mail = await deps.db.transaction(async (trx) => {
    const ended = await Subscription.query(trx).patchAndFetchById(sub.id, {
      status: 'canceled',
      nextChargeAt: null,
      chargeClaimedAt: null,
      canceledAt: sub.canceledAt ?? now,
    });
    await syncMembership(trx, sub.userId);
    const member = await User.query(trx).findById(sub.userId);
    return member ? queueMail(trx, canceledEmail(member, ended, null)) : null;
  });
  if (mail) await deps.mailer.deliver(mail);
  return 'ended';
}
