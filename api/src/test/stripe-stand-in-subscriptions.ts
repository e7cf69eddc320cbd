import type { Json } from './stripe-stand-in-answers';
import type { Period } from './stripe-stand-in-invoices';

// A subscription of the Stripe stand-in, and how Stripe shows it.

export type StandInSubscription = {
  id: string;
  customer: string;
  status: 'incomplete' | 'active' | 'past_due' | 'canceled';
  metadata: Record<string, string>;
  cancelAtPeriodEnd: boolean;
  canceledAt: number | null;
  created: number;
  defaultPaymentMethod: string | null;
  /** payment_settings.save_default_payment_method=on_subscription. */
  saveDefault: boolean;
  paymentMethodTypes: string[] | null;
  itemId: string;
  price: { id: string; product: string; unitAmount: number };
  /** Months billed since the start: the current period is the one after them. */
  cycles: number;
  latestInvoice: string;
};

/** `months` calendar months after `anchor`, on its day or the month's last (Stripe's anchor). */
export function monthsAfter(anchor: number, months: number): number {
  const start = new Date(anchor * 1000);
  const date = new Date(anchor * 1000);
  date.setUTCDate(1);
  date.setUTCMonth(start.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(start.getUTCDate(), lastDay));
  return date.getTime() / 1000;
}

export const periodOf = (sub: StandInSubscription): Period => ({
  start: monthsAfter(sub.created, sub.cycles),
  end: monthsAfter(sub.created, sub.cycles + 1),
});

/** Stripe's JSON of the subscription, with its latest invoice as an id or expanded. */
export function subscriptionJson(sub: StandInSubscription, latestInvoice: Json | string): Json {
  const { id, price } = sub;
  const period = periodOf(sub);
  const item = {
    id: sub.itemId,
    object: 'subscription_item',
    created: sub.created,
    current_period_start: period.start,
    current_period_end: period.end,
    metadata: {},
    price: {
      id: price.id,
      object: 'price',
      currency: 'usd',
      product: price.product,
      recurring: { interval: 'month', interval_count: 1, usage_type: 'licensed' },
      type: 'recurring',
      unit_amount: price.unitAmount,
    },
    quantity: 1,
    subscription: id,
  };
  return {
    id,
    object: 'subscription',
    billing_cycle_anchor: sub.created,
    cancel_at: sub.cancelAtPeriodEnd ? period.end : null,
    cancel_at_period_end: sub.cancelAtPeriodEnd,
    canceled_at: sub.canceledAt,
    collection_method: 'charge_automatically',
    created: sub.created,
    currency: 'usd',
    customer: sub.customer,
    default_payment_method: sub.defaultPaymentMethod,
    ended_at: sub.status === 'canceled' ? sub.canceledAt : null,
    items: {
      object: 'list',
      data: [item],
      has_more: false,
      url: `/v1/subscription_items?subscription=${id}`,
    },
    latest_invoice: latestInvoice,
    livemode: false,
    metadata: sub.metadata,
    payment_settings: {
      payment_method_options: null,
      payment_method_types: sub.paymentMethodTypes,
      save_default_payment_method: sub.saveDefault ? 'on_subscription' : 'off',
    },
    start_date: sub.created,
    status: sub.status,
  };
}
