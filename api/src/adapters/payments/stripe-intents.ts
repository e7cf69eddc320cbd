import Stripe from 'stripe';
import { AppError } from '../../errors';
import type { GatewayCard, GatewayIntent, GatewaySetupIntent, IntentStatus } from './gateway';

// Our view of Stripe's intents and cards, in the LocalGateway's terms (the Stripe adapter's).

const KNOWN_STATUSES: ReadonlySet<string> = new Set<IntentStatus>([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'succeeded',
  'canceled',
]);

// Intents capture automatically, so requires_capture (or a status newer than this code) is
// money on its way but not yet taken: processing, never succeeded.
export const statusOf = (status: string): IntentStatus =>
  KNOWN_STATUSES.has(status) ? (status as IntentStatus) : 'processing';

export const idOf = (object: string | { id: string } | null) =>
  typeof object === 'string' ? object : (object?.id ?? null);

/** A saved card as the list shows it; null for a payment method that is not a card. */
function toCard(method: Stripe.PaymentMethod): GatewayCard | null {
  const card = method.card;
  if (!card) return null;
  const { brand, last4, exp_month: expMonth, exp_year: expYear } = card;
  return { id: method.id, brand, last4, expMonth, expYear };
}

/**
 * Our view of a Stripe PaymentIntent. cardLast4 is the card that paid, read from latest_charge
 * when it was expanded (a webhook's copy carries only the charge id: retrieve the intent), and
 * paymentMethod that card when it is saved on the intent's customer: saved by this payment
 * (setup_future_usage) or charged as a saved card. A card that paid once is not the client's to
 * charge again, and a webhook's copy (payment_method not expanded) cannot tell.
 */
export function toIntent(intent: Stripe.PaymentIntent): GatewayIntent {
  const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  const method = typeof intent.payment_method === 'object' ? intent.payment_method : null;
  const paid = intent.status === 'succeeded';
  const customerId = idOf(intent.customer);
  const saved = paid && method && customerId && idOf(method.customer) === customerId;
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? '',
    status: statusOf(intent.status),
    amountCents: intent.amount,
    currency: intent.currency,
    metadata: { ...intent.metadata },
    cardLast4: paid ? (charge?.payment_method_details?.card?.last4 ?? null) : null,
    failureMessage: intent.last_payment_error?.message ?? null,
    paymentMethod: saved ? toCard(method) : null,
  };
}

/** Our view of a Stripe SetupIntent, read with its payment_method expanded. */
export function toSetupIntent(intent: Stripe.SetupIntent): GatewaySetupIntent {
  const method = typeof intent.payment_method === 'object' ? intent.payment_method : null;
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? '',
    status: statusOf(intent.status),
    customerId: idOf(intent.customer),
    paymentMethod: method ? toCard(method) : null,
    failureMessage: intent.last_setup_error?.message ?? null,
  };
}

/**
 * A saved card's charge the issuer refused, as our view of the intent Stripe sends inside the
 * error; null for any other error. Refused for authentication too (authentication_required):
 * nobody is at the page to give it, so the intent waits for a card like any declined one.
 */
export function refusedCharge(error: unknown): GatewayIntent | null {
  if (!(error instanceof Stripe.errors.StripeCardError) || !error.payment_intent) return null;
  return {
    ...toIntent(error.payment_intent),
    status: 'requires_payment_method',
    failureMessage: error.message,
  };
}

/** Stripe refused the request with one of these codes (resource_missing, …). */
export const hasCode = (error: unknown, ...codes: string[]) =>
  error instanceof Stripe.errors.StripeInvalidRequestError && codes.includes(error.code ?? '');

/** Stripe's refusals that the caller may act on, in the LocalGateway's terms. */
export function translated(error: unknown): unknown {
  if (error instanceof Stripe.errors.StripeIdempotencyError) {
    return new AppError(409, 'idempotency_key_reused', error.message);
  }
  return error;
}
