import Stripe from 'stripe';
import { AppError, notFound } from '../../errors';
import {
  type GatewayCard,
  type GatewayEvent,
  type GatewayIntent,
  type GatewaySetupIntent,
  type IntentStatus,
  type PaymentGateway,
  WebhookSignatureError,
} from './gateway';

export type StripeGateway = PaymentGateway & {
  readonly name: 'stripe';
  verifyWebhook(rawBody: Buffer, signature: string | undefined): GatewayEvent;
};

export type StripeGatewayOptions = {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Another API server (tests use a local stand-in); Stripe's own when unset. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
};

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
const statusOf = (status: string): IntentStatus =>
  KNOWN_STATUSES.has(status) ? (status as IntentStatus) : 'processing';

/**
 * Our view of a Stripe PaymentIntent. cardLast4 is the card that paid, read from latest_charge
 * when it was expanded (a webhook's copy carries only the charge id: retrieve the intent).
 */
function toIntent(intent: Stripe.PaymentIntent): GatewayIntent {
  const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  const paid = intent.status === 'succeeded';
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? '',
    status: statusOf(intent.status),
    amountCents: intent.amount,
    currency: intent.currency,
    metadata: { ...intent.metadata },
    cardLast4: paid ? (charge?.payment_method_details?.card?.last4 ?? null) : null,
    failureMessage: intent.last_payment_error?.message ?? null,
  };
}

/** A saved card as the list shows it; null for a payment method that is not a card. */
function toCard(method: Stripe.PaymentMethod): GatewayCard | null {
  const card = method.card;
  if (!card) return null;
  const { brand, last4, exp_month: expMonth, exp_year: expYear } = card;
  return { id: method.id, brand, last4, expMonth, expYear };
}

/** Our view of a Stripe SetupIntent, read with its payment_method expanded. */
function toSetupIntent(intent: Stripe.SetupIntent): GatewaySetupIntent {
  const method = typeof intent.payment_method === 'object' ? intent.payment_method : null;
  const customer = intent.customer;
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? '',
    status: statusOf(intent.status),
    customerId: typeof customer === 'string' ? customer : (customer?.id ?? null),
    paymentMethod: method ? toCard(method) : null,
    failureMessage: intent.last_setup_error?.message ?? null,
  };
}

const hasCode = (error: unknown, ...codes: string[]) =>
  error instanceof Stripe.errors.StripeInvalidRequestError && codes.includes(error.code ?? '');

/** Stripe's refusals that the caller may act on, in the LocalGateway's terms. */
function translated(error: unknown): unknown {
  if (error instanceof Stripe.errors.StripeIdempotencyError) {
    return new AppError(409, 'idempotency_key_reused', error.message);
  }
  return error;
}

export function stripeGateway(options: StripeGatewayOptions): StripeGateway {
  const stripe = new Stripe(options.secretKey, {
    // Retries carry an idempotency key, so a retried create or refund never doubles; a client
    // waits at checkout, so a slow answer fails in seconds rather than Stripe's default 80.
    maxNetworkRetries: 2,
    timeout: 20_000,
    host: options.host,
    port: options.port,
    protocol: options.protocol,
  });

  return {
    name: 'stripe',
    publishableKey: options.publishableKey,

    async createIntent({ amountCents, description, metadata, idempotencyKey }) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: amountCents,
            currency: 'usd',
            description,
            metadata,
            // No method that leaves the page: the browser records what it paid, no return trip.
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          },
          { idempotencyKey },
        );
        return toIntent(intent);
      } catch (error) {
        throw translated(error);
      }
    },

    async retrieveIntent(id) {
      try {
        return toIntent(await stripe.paymentIntents.retrieve(id, { expand: ['latest_charge'] }));
      } catch (error) {
        if (hasCode(error, 'resource_missing')) return null;
        throw error;
      }
    },

    async cancelIntent(id) {
      try {
        await stripe.paymentIntents.cancel(id);
      } catch (error) {
        // Paid, already canceled or unknown: there is nothing left to cancel.
        if (hasCode(error, 'payment_intent_unexpected_state', 'resource_missing')) return;
        throw error;
      }
    },

    async refund({ paymentIntentId, amountCents, idempotencyKey }) {
      let refund: Stripe.Refund;
      try {
        refund = await stripe.refunds.create(
          { payment_intent: paymentIntentId, amount: amountCents },
          { idempotencyKey },
        );
      } catch (error) {
        if (hasCode(error, 'resource_missing')) throw notFound('Payment');
        // More than is left, an unpaid intent, a disputed charge: Stripe says why in words.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) {
          throw new AppError(409, 'refund_refused', error.message);
        }
        throw translated(error);
      }
      if (refund.status === 'failed' || refund.status === 'canceled') {
        throw new AppError(409, 'refund_refused', 'Stripe could not refund this payment.');
      }
      // Cards refund at once; other methods settle later and say so in a refund.updated event.
      const status = refund.status === 'succeeded' ? 'succeeded' : 'pending';
      return { id: refund.id, amountCents: refund.amount, status };
    },

    async ensureCustomer(user) {
      // Keyed by our user id: two tabs asking at once get one customer, not two.
      const customer = await stripe.customers.create(
        { email: user.email, name: user.name, metadata: { userId: user.id } },
        { idempotencyKey: `customer:${user.id}` },
      );
      return customer.id;
    },

    async createSetupIntent({ customerId, idempotencyKey }) {
      try {
        const intent = await stripe.setupIntents.create(
          {
            customer: customerId,
            // Saved to be charged while the client is away: a member's visit, 12 h ahead.
            usage: 'off_session',
            // No method that leaves the page: the browser records what it paid, no return trip.
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          },
          { idempotencyKey },
        );
        return toSetupIntent(intent);
      } catch (error) {
        throw translated(error);
      }
    },

    async retrieveSetupIntent(id) {
      try {
        return toSetupIntent(
          await stripe.setupIntents.retrieve(id, { expand: ['payment_method'] }),
        );
      } catch (error) {
        if (hasCode(error, 'resource_missing')) return null;
        throw error;
      }
    },

    async detachPaymentMethod(id) {
      try {
        await stripe.paymentMethods.detach(id);
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
        // Already detached (a retried removal) or unknown: nothing left to detach. Stripe says
        // "not attached" in words only, so ask for the card rather than read the message.
        const left = await stripe.paymentMethods.retrieve(id).catch((missing: unknown) => {
          if (hasCode(missing, 'resource_missing')) return null;
          throw missing;
        });
        if (left?.customer) throw error;
      }
    },

    verifyWebhook(rawBody, signature) {
      if (!signature) throw new WebhookSignatureError('No Stripe-Signature header.');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
          throw new WebhookSignatureError(error.message, { cause: error });
        }
        throw error;
      }
      const object = event.data.object as { object?: string };
      return {
        id: event.id,
        type: event.type,
        intent:
          object.object === 'payment_intent' ? toIntent(object as Stripe.PaymentIntent) : null,
        payload: event,
      };
    },
  };
}
