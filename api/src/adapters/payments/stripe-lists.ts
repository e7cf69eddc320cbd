import Stripe from 'stripe';
import { AppError } from '../../errors';
import type { GatewayCharge, GatewayPeriod, GatewayRefundRecord } from './gateway';
import { hasCode, idOf, statusOf } from './stripe-intents';

// Stripe's own records of a period, for reconciling our ledger against them. Stripe dates in
// whole seconds: a record is in the period when its second is, so the edges round up to one.

export const createdIn = ({ from, to }: GatewayPeriod) => ({
  gte: Math.ceil(from.getTime() / 1000),
  lt: Math.ceil(to.getTime() / 1000),
});

// The most Stripe gives a page: fewer round trips for a month of payments.
export const PAGE = 100;

// Stripe down, overloaded or out of reach: a reconciliation can simply be run again shortly.
const RETRY_AFTER_SECONDS = 30;

/** Reads a list, Stripe's "not now" failures (after the client's own retries) answered as 503. */
export async function readList<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const notNow =
      error instanceof Stripe.errors.StripeConnectionError ||
      error instanceof Stripe.errors.StripeAPIError ||
      error instanceof Stripe.errors.StripeRateLimitError;
    if (!notNow) throw error;
    throw new AppError(
      503,
      'gateway_unavailable',
      'The payment gateway is not reachable. Please try again.',
      { retryAfterSeconds: RETRY_AFTER_SECONDS },
    );
  }
}

const REFUND_STATUSES: ReadonlySet<string> = new Set(['succeeded', 'failed', 'canceled']);

export const stripeChargesIn = (stripe: Stripe, period: GatewayPeriod) =>
  readList(async () => {
    const found: GatewayCharge[] = [];
    // Auto-pagination follows has_more with starting_after until the period is read.
    for await (const intent of stripe.paymentIntents.list({
      created: createdIn(period),
      limit: PAGE,
    })) {
      found.push({
        id: intent.id,
        status: statusOf(intent.status),
        amountCents: intent.amount,
        metadata: { ...intent.metadata },
        createdAt: new Date(intent.created * 1000),
      });
    }
    return found;
  });

function toRefundRecord(refund: Stripe.Refund): GatewayRefundRecord | null {
  const paymentIntentId = idOf(refund.payment_intent ?? null);
  // A refund of a charge made without an intent is none of ours: we only create intents.
  if (!paymentIntentId) return null;
  return {
    id: refund.id,
    paymentIntentId,
    amountCents: refund.amount,
    // requires_action (a bank refund waiting on the client) is money not yet returned.
    status: REFUND_STATUSES.has(refund.status ?? '')
      ? (refund.status as GatewayRefundRecord['status'])
      : 'pending',
    createdAt: new Date(refund.created * 1000),
  };
}

export const stripeRefund = (stripe: Stripe, id: string) =>
  readList(async () => {
    try {
      return toRefundRecord(await stripe.refunds.retrieve(id));
    } catch (error) {
      if (hasCode(error, 'resource_missing')) return null;
      throw error;
    }
  });

export const stripeRefundsIn = (stripe: Stripe, period: GatewayPeriod) =>
  readList(async () => {
    const found: GatewayRefundRecord[] = [];
    for await (const refund of stripe.refunds.list({ created: createdIn(period), limit: PAGE })) {
      const record = toRefundRecord(refund);
      if (record) found.push(record);
    }
    return found;
  });
