import Stripe from 'stripe';
import { AppError, notFound } from '../../errors';
import {
  type GatewayBilling,
  type GatewayEvent,
  type PaymentGateway,
  WebhookSignatureError,
} from './gateway';
import { stripeBilling, toInvoice, toSubscription } from './stripe-billing';
import { type StripeConnect, stripeConnect } from './stripe-connect';
import { hasCode, refusedCharge, toIntent, toSetupIntent, translated } from './stripe-intents';
import { stripeChargesIn, stripeRefund, stripeRefundsIn } from './stripe-lists';

export type StripeGateway = PaymentGateway & {
  readonly name: 'stripe';
  readonly billing: GatewayBilling;
  readonly connect: StripeConnect;
  verifyWebhook(rawBody: Buffer, signature: string | undefined): GatewayEvent;
};

export type StripeGatewayOptions = {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** The Connect endpoint's signing secret (account.updated); null when none is set up. */
  connectWebhookSecret?: string | null;
  /** Another API server (tests use a local stand-in); Stripe's own when unset. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
};

// The card that paid (cardLast4) and the card saved (paymentMethod) come expanded, in one call.
const INTENT_EXPAND = ['latest_charge', 'payment_method'];

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
    billing: stripeBilling(stripe),
    connect: stripeConnect(stripe, options.connectWebhookSecret ?? null),

    async createIntent({
      amountCents,
      description,
      metadata,
      idempotencyKey,
      customerId,
      saveCard,
    }) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: amountCents,
            currency: 'usd',
            description,
            metadata,
            customer: customerId,
            // Saved to be charged while the client is away: renewals and members' visits.
            setup_future_usage: saveCard ? 'off_session' : undefined,
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

    async chargeSavedCard(input) {
      const { customerId, paymentMethodId, amountCents, description, metadata, idempotencyKey } =
        input;
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: amountCents,
            currency: 'usd',
            description,
            metadata,
            customer: customerId,
            payment_method: paymentMethodId,
            // Nobody is at the page: a card that asks for authentication is refused, not held.
            off_session: true,
            confirm: true,
            // Confirmed at once, so Stripe wants a return_url unless no method may redirect.
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            expand: INTENT_EXPAND,
          },
          { idempotencyKey },
        );
        return toIntent(intent);
      } catch (error) {
        const refused = refusedCharge(error);
        if (refused) return refused;
        throw translated(error);
      }
    },

    async retrieveIntent(id) {
      try {
        return toIntent(await stripe.paymentIntents.retrieve(id, { expand: INTENT_EXPAND }));
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

    listCharges: (period) => stripeChargesIn(stripe, period),
    listRefunds: (period) => stripeRefundsIn(stripe, period),
    retrieveRefund: (id) => stripeRefund(stripe, id),

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
        invoice: object.object === 'invoice' ? toInvoice(object as Stripe.Invoice) : null,
        subscription:
          object.object === 'subscription' ? toSubscription(object as Stripe.Subscription) : null,
        payload: event,
      };
    },
  };
}
