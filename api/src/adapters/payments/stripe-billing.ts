import type Stripe from 'stripe';
import type { GatewayBilling, GatewayInvoice, GatewaySubscription } from './gateway';
import { hasCode, idOf, translated } from './stripe-intents';

// Stripe Billing (DECISIONS.md "Subscriptions"): Stripe renews memberships itself, and tells us of
// each invoice in a webhook. In this API version an invoice's PaymentIntent is found among its
// payments, its subscription under parent.subscription_details, and periods on the items.

const LIVE_STATUSES: ReadonlySet<string> = new Set<GatewaySubscription['status']>([
  'incomplete',
  'trialing',
  'active',
  'past_due',
]);

const dateOf = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

/** Our view of a Stripe Subscription: its first item holds the period (one item per membership). */
export function toSubscription(subscription: Stripe.Subscription): GatewaySubscription {
  const item = subscription.items.data[0];
  // incomplete_expired, unpaid and paused renew nothing; nor does a status newer than this code,
  // which must not keep a member's rate on a word we cannot read.
  const status = LIVE_STATUSES.has(subscription.status)
    ? (subscription.status as GatewaySubscription['status'])
    : 'canceled';
  return {
    id: subscription.id,
    status,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    currentPeriodStart: dateOf(item?.current_period_start),
    currentPeriodEnd: dateOf(item?.current_period_end),
    ourId: subscription.metadata.subscriptionId ?? null,
  };
}

/**
 * Our view of a Stripe Invoice. The PaymentIntent comes from its payments, which Stripe includes
 * only when asked (expand): a webhook's copy has none, so paymentIntentId is null there and
 * retrieveInvoice reads it. failureMessage likewise needs the payment's PaymentIntent expanded
 * (the invoice itself keeps no payment error): retrieveInvoice's copy has it, a webhook's not.
 * The period is the first line's, the month paid for; an invoice's own period_start/end is the
 * period whose usage it collected, the month before for a renewal.
 */
export function toInvoice(invoice: Stripe.Invoice): GatewayInvoice {
  // One payment as a rule (Stripe's retries confirm the same PaymentIntent again); should the
  // client pay another way, the one that paid is the one to record.
  const payments = invoice.payments?.data ?? [];
  const payment = payments.find((made) => made.status === 'paid') ?? payments[0];
  const intent = payment?.payment.payment_intent ?? null;
  const line = invoice.lines?.data[0];
  const paid = invoice.status === 'paid';
  return {
    id: invoice.id,
    subscriptionId: idOf(invoice.parent?.subscription_details?.subscription ?? null),
    billingReason: invoice.billing_reason,
    amountCents: paid ? invoice.amount_paid : invoice.amount_due,
    paymentIntentId: idOf(intent),
    periodStart: dateOf(line?.period.start ?? invoice.period_start),
    periodEnd: dateOf(line?.period.end ?? invoice.period_end),
    nextPaymentAttempt: dateOf(invoice.next_payment_attempt),
    failureMessage:
      typeof intent === 'object' ? (intent?.last_payment_error?.message ?? null) : null,
  };
}

/** A product id Stripe keeps for each membership name: "TwinClean Standard membership" → one. */
const productIdOf = (name: string) =>
  `twinclean_${name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '')}`;

const unlessMissing = async <T>(read: () => Promise<T>): Promise<T | null> => {
  try {
    return await read();
  } catch (error) {
    if (hasCode(error, 'resource_missing')) return null;
    throw error;
  }
};

export function stripeBilling(stripe: Stripe): GatewayBilling {
  // Products this process has seen exist: a sale asks Stripe for its product once per name.
  const products = new Set<string>();

  /** The membership's product, created under its fixed id the first time it is sold. */
  async function productFor(name: string): Promise<string> {
    const id = productIdOf(name);
    if (products.has(id)) return id;
    try {
      await stripe.products.create({ id, name });
    } catch (error) {
      // Created before (another process, another day): the fixed id is the point.
      if (!hasCode(error, 'resource_already_exists')) throw error;
    }
    products.add(id);
    return id;
  }

  return {
    async createSubscription({ customerId, amountCents, productName, metadata, idempotencyKey }) {
      const product = await productFor(productName);
      let created: Stripe.Subscription;
      try {
        created = await stripe.subscriptions.create(
          {
            customer: customerId,
            items: [
              {
                price_data: {
                  currency: 'usd',
                  product,
                  unit_amount: amountCents,
                  recurring: { interval: 'month' },
                },
              },
            ],
            // Incomplete until the browser confirms the first invoice's PaymentIntent; Stripe
            // expires it after 23 hours unpaid.
            payment_behavior: 'default_incomplete',
            payment_settings: {
              // An invoice's PaymentIntent takes no automatic_payment_methods: left unset, the
              // methods would come from the Dashboard's invoice settings, some of which leave the
              // page. A card never does (3-D Secure opens in place) and renews off-session.
              payment_method_types: ['card'],
              // The card that pays month 1 becomes the one Stripe charges for renewals.
              save_default_payment_method: 'on_subscription',
            },
            metadata,
            expand: ['latest_invoice.confirmation_secret', 'latest_invoice.payments'],
          },
          { idempotencyKey },
        );
      } catch (error) {
        throw translated(error);
      }
      const invoice = typeof created.latest_invoice === 'object' ? created.latest_invoice : null;
      const clientSecret = invoice?.confirmation_secret?.client_secret;
      // A membership always costs something, so its first invoice always waits for a payment.
      if (!invoice || !clientSecret) {
        throw new Error(`Stripe subscription ${created.id} has no first invoice to pay`);
      }
      const paymentIntentId =
        toInvoice(invoice).paymentIntentId ??
        clientSecret.slice(0, clientSecret.indexOf('_secret_'));
      return { subscription: toSubscription(created), paymentIntentId, clientSecret };
    },

    async retrieveSubscription(id) {
      const found = await unlessMissing(() => stripe.subscriptions.retrieve(id));
      return found && toSubscription(found);
    },

    async cancelSubscription(id) {
      try {
        return toSubscription(await stripe.subscriptions.cancel(id));
      } catch (error) {
        // Stripe answers "No such subscription" for one already canceled, yet still reads it.
        if (!hasCode(error, 'resource_missing')) throw error;
        const found = await unlessMissing(() => stripe.subscriptions.retrieve(id));
        const left = found && toSubscription(found);
        if (left?.status !== 'canceled') throw error;
        return left;
      }
    },

    async setCancelAtPeriodEnd(id, cancel) {
      return toSubscription(
        await stripe.subscriptions.update(id, { cancel_at_period_end: cancel }),
      );
    },

    async setDefaultPaymentMethod(id, paymentMethodId) {
      await stripe.subscriptions.update(id, { default_payment_method: paymentMethodId });
    },

    async retrieveInvoice(id) {
      const found = await unlessMissing(() =>
        stripe.invoices.retrieve(id, {
          expand: ['payments', 'payments.data.payment.payment_intent'],
        }),
      );
      return found && toInvoice(found);
    },
  };
}
