import {
  type Answer,
  expandOf,
  fail,
  invalid,
  type Json,
  metadataOf,
  missing,
  newId,
  now,
} from './stripe-stand-in-answers';
import type { CardsStandIn } from './stripe-stand-in-cards';
import type { IntentsStandIn } from './stripe-stand-in-intents';
import { invoicesStandIn } from './stripe-stand-in-invoices';
import {
  monthsAfter,
  periodOf,
  type StandInSubscription as Subscription,
  subscriptionJson,
} from './stripe-stand-in-subscriptions';

const ITEM = 'items[0][price_data]';
const DAY = 86_400;
const DECLINED: Json = {
  code: 'card_declined',
  decline_code: 'generic_decline',
  message: 'Your card was declined.',
};

/** Form fields `name[0]=…`, `name[1]=…` back into a list. */
const listOf = (params: Record<string, string>, name: string) =>
  Object.entries(params).flatMap(([key, value]) => (key.startsWith(`${name}[`) ? [value] : []));

/**
 * Stripe Billing in the stand-in: products, monthly subscriptions whose first invoice the browser
 * pays (payment_behavior=default_incomplete), and renewals a test brings about. `route` answers
 * null for a request that is not about a product, a subscription or an invoice.
 */
export function billingStandIn(cards: CardsStandIn, intents: IntentsStandIn) {
  const products = new Map<string, Json>();
  const subscriptions = new Map<string, Subscription>();
  const invoices = invoicesStandIn(intents);

  const json = (sub: Subscription, expand: string[] = []): Json => {
    const latest = invoices.get(sub.latestInvoice);
    const invoiceExpand = expand.flatMap((path) =>
      path.startsWith('latest_invoice.') ? [path.slice('latest_invoice.'.length)] : [],
    );
    const expandInvoice = expand.includes('latest_invoice') || invoiceExpand.length > 0;
    return subscriptionJson(
      sub,
      expandInvoice && latest ? invoices.json(latest, invoiceExpand) : sub.latestInvoice,
    );
  };

  /** The subscription's invoice for its current period, open until paid. */
  function bill(sub: Subscription, reason: 'subscription_create' | 'subscription_cycle') {
    const { price } = sub;
    const name = String(products.get(price.product)?.name);
    const current = periodOf(sub);
    const invoice = invoices.open({
      customer: sub.customer,
      subscription: sub.id,
      subscriptionItem: sub.itemId,
      subscriptionMetadata: { ...sub.metadata },
      price: price.id,
      product: price.product,
      description: `1 × ${name} (at $${(price.unitAmount / 100).toFixed(2)} / month)`,
      billingReason: reason,
      amount: price.unitAmount,
      // What a renewal collects is the month gone by; month 1 collects nothing before it.
      period:
        reason === 'subscription_create'
          ? { start: sub.created, end: sub.created }
          : { start: monthsAfter(sub.created, sub.cycles - 1), end: current.start },
      servicePeriod: current,
      nextPaymentAttempt: null,
    });
    sub.latestInvoice = invoice.id;
    return invoice;
  }

  function createProduct(params: Record<string, string>): Answer {
    const id = params.id ?? newId('prod');
    if (!params.name) return invalid('Missing required param: name.', 'name');
    if (products.has(id)) {
      return fail(400, {
        type: 'invalid_request_error',
        code: 'resource_already_exists',
        message: 'Product already exists.',
        param: 'id',
      });
    }
    const product = {
      id,
      object: 'product',
      active: true,
      created: now(),
      livemode: false,
      metadata: {},
      name: params.name,
    };
    products.set(id, product);
    return { status: 200, body: product };
  }

  function createSubscription(params: Record<string, string>): Answer {
    const customer = params.customer ?? '';
    if (!cards.hasCustomer(customer)) return missing('customer', customer, 'customer');
    const product = params[`${ITEM}[product]`] ?? '';
    if (!products.has(product)) return missing('product', product, `${ITEM}[product]`);
    const unitAmount = Number(params[`${ITEM}[unit_amount]`]);
    if (!Number.isInteger(unitAmount) || params[`${ITEM}[currency]`] !== 'usd') {
      return invalid('The stand-in bills whole cents in usd.', `${ITEM}[unit_amount]`);
    }
    if (params[`${ITEM}[recurring][interval]`] !== 'month') {
      return invalid('The stand-in bills monthly prices only.', `${ITEM}[recurring][interval]`);
    }
    // Any other behaviour charges a card the customer already has; ours pay in the browser.
    if (params.payment_behavior !== 'default_incomplete') {
      return invalid('The stand-in knows payment_behavior=default_incomplete only.');
    }
    const types = listOf(params, 'payment_settings[payment_method_types]');
    const sub: Subscription = {
      id: newId('sub'),
      customer,
      status: 'incomplete',
      metadata: metadataOf(params),
      cancelAtPeriodEnd: false,
      canceledAt: null,
      created: now(),
      defaultPaymentMethod: null,
      saveDefault: params['payment_settings[save_default_payment_method]'] === 'on_subscription',
      paymentMethodTypes: types.length > 0 ? types : null,
      itemId: newId('si'),
      price: { id: newId('price'), product, unitAmount },
      cycles: 0,
      latestInvoice: '',
    };
    bill(sub, 'subscription_create');
    subscriptions.set(sub.id, sub);
    return { status: 200, body: json(sub, expandOf(params)) };
  }

  function update(sub: Subscription, params: Record<string, string>): Answer {
    const { cancel_at_period_end: cancel, default_payment_method: methodId } = params;
    if (sub.status === 'canceled') {
      return invalid(
        'A canceled subscription can only update its cancellation_details and metadata.',
      );
    }
    if (sub.status === 'incomplete' && (cancel !== undefined || methodId !== undefined)) {
      return invalid(
        'An incomplete subscription can only have metadata and default_source updated.',
      );
    }
    if (methodId !== undefined) {
      if (cards.get(methodId)?.customer !== sub.customer) {
        return invalid(
          `The customer does not have a payment method with the ID ${methodId}. The payment method must be attached to the customer.`,
          'default_payment_method',
        );
      }
      sub.defaultPaymentMethod = methodId;
    }
    if (cancel !== undefined) sub.cancelAtPeriodEnd = cancel === 'true';
    return { status: 200, body: json(sub, expandOf(params)) };
  }

  function cancel(sub: Subscription): Answer {
    // Stripe no longer finds a canceled subscription to cancel, though it still reads it.
    if (sub.status === 'canceled') return missing('subscription', sub.id, 'id');
    Object.assign(sub, { status: 'canceled', canceledAt: now() });
    return { status: 200, body: json(sub) };
  }

  function route(method: string, path: string, params: Record<string, string>): Answer | null {
    if (method === 'POST' && path === '/v1/products') return createProduct(params);
    if (method === 'POST' && path === '/v1/subscriptions') return createSubscription(params);
    const [, id = ''] = /^\/v1\/subscriptions\/([^/]+)$/.exec(path) ?? [];
    if (!id) return invoices.route(method, path, params);
    const sub = subscriptions.get(id);
    if (!sub) return missing('subscription', id, 'id');
    if (method === 'GET') return { status: 200, body: json(sub, expandOf(params)) };
    if (method === 'POST') return update(sub, params);
    if (method === 'DELETE') return cancel(sub);
    return null;
  }

  // A subscription follows its latest invoice: paid, it is active with the card that paid as its
  // default (on_subscription); refused at renewal, past due.
  intents.onAttempt((intent) => {
    const invoice = invoices.settle(intent);
    const sub = invoice && subscriptions.get(invoice.subscription);
    if (!sub || sub.latestInvoice !== invoice.id || sub.status === 'canceled') return;
    if (invoice.status === 'paid') {
      sub.status = 'active';
      const paidWith = intent.payment_method;
      if (sub.saveDefault && typeof paidWith === 'string') sub.defaultPaymentMethod = paidWith;
    } else if (sub.status === 'active') {
      sub.status = 'past_due';
    }
  });

  const subscriptionFor = (id: string) => {
    const sub = subscriptions.get(id);
    if (!sub) throw new Error(`The stand-in has no subscription ${id}`);
    return sub;
  };

  /** Stripe charging the default card for an open invoice; refused, it schedules another try. */
  function charge(sub: Subscription, invoiceId: string, refuse: boolean, last: boolean): Json {
    const invoice = invoices.get(invoiceId);
    if (invoice?.status !== 'open') {
      throw new Error(`The stand-in has no open invoice ${invoiceId}`);
    }
    if (!sub.defaultPaymentMethod) throw new Error(`The subscription ${sub.id} has no card`);
    intents.payWithSaved(invoice.intentId, sub.defaultPaymentMethod, refuse ? DECLINED : undefined);
    if (invoice.status === 'open') {
      // After its last try Stripe cancels the subscription (the default "if all retries fail").
      invoice.nextPaymentAttempt = last ? null : now() + 3 * DAY;
      if (last) Object.assign(sub, { status: 'canceled', canceledAt: now() });
    }
    return invoices.json(invoice);
  }

  return {
    route,
    /**
     * A month went by: Stripe moves the active (or past due) subscription to its next month and
     * bills it, charging its default card at once. Paid, or refused ("Your card was declined.")
     * when `fail` or when the card's charges fail, with another try in 3 days. The invoice as a
     * webhook carries it.
     */
    renew(subscriptionId: string, { fail = false } = {}): Json {
      const sub = subscriptionFor(subscriptionId);
      if (sub.cancelAtPeriodEnd || (sub.status !== 'active' && sub.status !== 'past_due')) {
        throw new Error(`The stand-in's subscription ${sub.id} does not renew`);
      }
      sub.cycles += 1;
      return charge(sub, bill(sub, 'subscription_cycle').id, fail, false);
    },
    /** Stripe's next try at an open renewal; refused at the `last`, it cancels the subscription. */
    retry(invoiceId: string, { fail = false, last = false } = {}): Json {
      const invoice = invoices.get(invoiceId);
      if (!invoice) throw new Error(`The stand-in has no invoice ${invoiceId}`);
      return charge(subscriptionFor(invoice.subscription), invoiceId, fail, last);
    },
    /** The subscription as a webhook carries it (latest_invoice not expanded). */
    subscription: (id: string): Json => json(subscriptionFor(id)),
    /** The subscription's latest invoice as a webhook carries it (no payments). */
    latestInvoice(subscriptionId: string): Json {
      const invoice = invoices.get(subscriptionFor(subscriptionId).latestInvoice);
      if (!invoice) throw new Error(`The subscription ${subscriptionId} has no invoice`);
      return invoices.json(invoice);
    },
  };
}
