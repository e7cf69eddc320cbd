import type { GatewayEvent, GatewayIntent, PaymentListener } from '../../adapters/payments/gateway';
import { Payment } from '../../models/payment';
import { settleAndNotify } from './intents';
import type { PaymentDeps } from './ledger';

/**
 * What the gateway reports that belongs to memberships. The subscriptions module handles it and
 * app.ts wires it in: memberships are paid through payments, so payments imports none of theirs.
 */
export type MembershipReports = {
  /** A membership's first month paid (later months are recorded by whatever charged them). */
  firstMonthPaid: PaymentListener;
  /** A billing event (an invoice paid or failed, a subscription changed); others are let be. */
  billingEvent: (event: GatewayEvent) => Promise<void>;
};

/**
 * Everything the gateway reports on its own, by who records it: memberships, tips (the tips
 * module, wired in app.ts: a tip is charged like any payment but is none of the booking's) and
 * gift cards (the gift-cards module: a card's purchase has no payments row at all).
 */
export type GatewayReports = MembershipReports & {
  /** A tip's intent (metadata.purpose 'tip'), succeeded. */
  tipPaid: PaymentListener;
  /** A gift card's purchase (metadata.giftCardId), succeeded or not: none of a booking's. */
  giftCardPaid: PaymentListener;
};

/**
 * A payment the gateway reports on its own (Stripe's webhook, the LocalGateway's card form),
 * recorded by what it paid for: a gift card, a tip, a membership's first month or a booking. A
 * Stripe invoice's intent carries none of our metadata, so its payment row says which membership
 * it is.
 */
export async function settleReported(
  deps: PaymentDeps,
  memberships: GatewayReports,
  intent: GatewayIntent,
): Promise<void> {
  if (intent.metadata.giftCardId) {
    await memberships.giftCardPaid(intent);
    return;
  }
  const row = await Payment.query(deps.db).findOne({ gatewayPaymentId: intent.id });
  if (intent.metadata.purpose === 'tip' || row?.kind === 'tip') {
    await memberships.tipPaid(intent);
    return;
  }
  if (row?.subscriptionId || intent.metadata.subscriptionId) {
    // Renewals and fees are recorded by whatever charged them; only month 1 comes this way.
    const firstMonth = row
      ? row.kind === 'subscription'
      : intent.metadata.kind === 'subscription' && !intent.metadata.month;
    if (firstMonth) await memberships.firstMonthPaid(intent);
    return;
  }
  await settleAndNotify(deps, intent);
}
