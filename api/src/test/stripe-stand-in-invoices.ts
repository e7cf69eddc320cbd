import { type Answer, expandOf, type Json, missing, newId, now } from './stripe-stand-in-answers';
import type { IntentsStandIn } from './stripe-stand-in-intents';

export type Period = { start: number; end: number };

type Invoice = {
  id: string;
  customer: string;
  subscription: string;
  subscriptionItem: string;
  /** The subscription's metadata when the invoice was made: Stripe keeps a snapshot. */
  subscriptionMetadata: Record<string, string>;
  price: string;
  product: string;
  /** Its one line's words: "1 × TwinClean Standard membership (at $99.99 / month)". */
  description: string;
  billingReason: 'subscription_create' | 'subscription_cycle';
  amount: number;
  status: 'open' | 'paid';
  intentId: string;
  clientSecret: string;
  created: number;
  /** The invoice's own period, whose usage it collected: the month before, for a renewal. */
  period: Period;
  /** The month its line pays for. */
  servicePeriod: Period;
  attemptCount: number;
  nextPaymentAttempt: number | null;
  paidAt: number | null;
};

export type InvoiceInput = Omit<
  Invoice,
  'id' | 'status' | 'intentId' | 'clientSecret' | 'created' | 'attemptCount' | 'paidAt'
>;

/**
 * The subscription invoices of the Stripe stand-in, each paid by a PaymentIntent of the intents
 * module, so a test confirms it (succeed, decline) as any other. `route` answers null for a
 * request that is not about an invoice.
 */
export function invoicesStandIn(intents: IntentsStandIn) {
  const invoices = new Map<string, Invoice>();
  const byIntent = new Map<string, Invoice>();

  const lineJson = (invoice: Invoice): Json => ({
    id: `il_${invoice.id.slice(3)}`,
    object: 'line_item',
    amount: invoice.amount,
    currency: 'usd',
    description: invoice.description,
    invoice: invoice.id,
    livemode: false,
    metadata: {},
    parent: {
      type: 'subscription_item_details',
      invoice_item_details: null,
      subscription_item_details: {
        invoice_item: null,
        proration: false,
        proration_details: { credited_items: null },
        subscription: invoice.subscription,
        subscription_item: invoice.subscriptionItem,
      },
    },
    period: invoice.servicePeriod,
    pricing: {
      type: 'price_details',
      price_details: { price: invoice.price, product: invoice.product },
    },
    quantity: 1,
    subtotal: invoice.amount,
  });

  const paymentJson = (invoice: Invoice, expandIntent: boolean): Json => ({
    id: `inpay_${invoice.id.slice(3)}`,
    object: 'invoice_payment',
    amount_paid: invoice.status === 'paid' ? invoice.amount : null,
    amount_requested: invoice.amount,
    created: invoice.created,
    currency: 'usd',
    invoice: invoice.id,
    is_default: true,
    livemode: false,
    payment: {
      type: 'payment_intent',
      payment_intent: expandIntent ? intents.json(invoice.intentId) : invoice.intentId,
    },
    status: invoice.status,
    status_transitions: { canceled_at: null, paid_at: invoice.paidAt },
  });

  /**
   * Stripe's JSON of the invoice. payments and confirmation_secret are there only when expanded,
   * as Stripe includes them: a webhook's copy has neither.
   */
  const json = (invoice: Invoice, expand: string[] = []): Json => {
    const { id, amount, status, period } = invoice;
    const paid = status === 'paid';
    const body: Json = {
      id,
      object: 'invoice',
      amount_due: amount,
      amount_paid: paid ? amount : 0,
      amount_remaining: paid ? 0 : amount,
      attempt_count: invoice.attemptCount,
      attempted: invoice.attemptCount > 0,
      billing_reason: invoice.billingReason,
      collection_method: 'charge_automatically',
      created: invoice.created,
      currency: 'usd',
      customer: invoice.customer,
      lines: {
        object: 'list',
        data: [lineJson(invoice)],
        has_more: false,
        url: `/v1/invoices/${id}/lines`,
      },
      livemode: false,
      metadata: {},
      next_payment_attempt: invoice.nextPaymentAttempt,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: {
          metadata: invoice.subscriptionMetadata,
          subscription: invoice.subscription,
        },
      },
      period_start: period.start,
      period_end: period.end,
      status,
      status_transitions: {
        finalized_at: invoice.created,
        marked_uncollectible_at: null,
        paid_at: invoice.paidAt,
        voided_at: null,
      },
      subtotal: amount,
      total: amount,
    };
    if (expand.includes('confirmation_secret')) {
      body.confirmation_secret = { client_secret: invoice.clientSecret, type: 'payment_intent' };
    }
    if (expand.some((path) => path === 'payments' || path.startsWith('payments.'))) {
      const expandIntent = expand.includes('payments.data.payment.payment_intent');
      body.payments = {
        object: 'list',
        data: [paymentJson(invoice, expandIntent)],
        has_more: false,
        url: `/v1/invoices/${id}/payments`,
      };
    }
    return body;
  };

  /** A finalized invoice, open until its PaymentIntent is paid. */
  function open(input: InvoiceInput): Invoice {
    const created = intents.route('POST', '/v1/payment_intents', {
      amount: String(input.amount),
      currency: 'usd',
      customer: input.customer,
      description:
        input.billingReason === 'subscription_create'
          ? 'Subscription creation'
          : 'Subscription update',
      // Stripe saves the card that pays a subscription's invoice on the customer, to charge again.
      setup_future_usage: 'off_session',
    });
    if (created?.status !== 200) {
      throw new Error(`The stand-in could not open an invoice: ${JSON.stringify(created?.body)}`);
    }
    const { id: intentId, client_secret: clientSecret } = created.body as {
      id: string;
      client_secret: string;
    };
    const invoice: Invoice = {
      ...input,
      id: newId('in'),
      status: 'open',
      intentId,
      clientSecret,
      created: now(),
      attemptCount: 0,
      paidAt: null,
    };
    invoices.set(invoice.id, invoice);
    byIntent.set(intentId, invoice);
    return invoice;
  }

  /** The invoice this attempt at its PaymentIntent paid or failed to pay; null for another. */
  function settle(intent: Json): Invoice | null {
    const invoice = byIntent.get(String(intent.id));
    if (!invoice) return null;
    invoice.attemptCount += 1;
    if (intent.status === 'succeeded') {
      Object.assign(invoice, { status: 'paid', paidAt: now(), nextPaymentAttempt: null });
    }
    return invoice;
  }

  function route(method: string, path: string, params: Record<string, string>): Answer | null {
    const [, id = ''] = /^\/v1\/invoices\/([^/]+)$/.exec(path) ?? [];
    if (!id || method !== 'GET') return null;
    const invoice = invoices.get(id);
    if (!invoice) return missing('invoice', id, 'invoice');
    return { status: 200, body: json(invoice, expandOf(params)) };
  }

  return { route, open, settle, json, get: (id: string) => invoices.get(id) };
}
