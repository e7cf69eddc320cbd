import { randomBytes } from 'node:crypto';
import {
  type Answer,
  confirmRefusal,
  eventOf,
  expandOf,
  fail,
  invalid,
  type Json,
  metadataOf,
  missing,
  newId,
  now,
} from './stripe-stand-in-answers';
import {
  type CardsStandIn,
  type Method,
  type StandInCard,
  TEST_VISA,
} from './stripe-stand-in-cards';

type Intent = {
  id: string;
  clientSecret: string;
  amount: number;
  currency: string;
  description: string | null;
  metadata: Record<string, string>;
  customer: string | null;
  setupFutureUsage: string | null;
  status: string;
  created: number;
  canceledAt: number | null;
  lastPaymentError: Json | null;
  paymentMethod: string | null;
  chargeId: string | null;
};
type Charge = {
  id: string;
  intentId: string;
  paymentMethod: string;
  amount: number;
  refunded: number;
  brand: string;
  last4: string;
  paid: boolean;
};

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const CANCELABLE = ['requires_payment_method', 'requires_confirmation', 'requires_action'];

/**
 * The payment intents, charges and refunds of the Stripe stand-in, as the adapter calls them.
 * `route` answers null for a request that is not one of these.
 */
export function intentsStandIn(cards: CardsStandIn) {
  const intents = new Map<string, Intent>();
  const charges = new Map<string, Charge>();
  const refunds: Json[] = [];
  // Told of every attempt to pay, as the intent then reads: invoices follow their payments.
  const attempted: ((intent: Json) => void)[] = [];

  const chargeJson = (charge: Charge): Json => ({
    id: charge.id,
    object: 'charge',
    amount: charge.amount,
    amount_refunded: charge.refunded,
    currency: 'usd',
    paid: charge.paid,
    payment_intent: charge.intentId,
    payment_method: charge.paymentMethod,
    payment_method_details: { type: 'card', card: { brand: charge.brand, last4: charge.last4 } },
    refunded: charge.refunded === charge.amount,
    status: charge.paid ? 'succeeded' : 'failed',
  });

  const intentJson = (intent: Intent, expand: string[] = []): Json => {
    const charge = intent.chargeId ? charges.get(intent.chargeId) : undefined;
    const method = intent.paymentMethod ? cards.get(intent.paymentMethod) : undefined;
    return {
      id: intent.id,
      object: 'payment_intent',
      amount: intent.amount,
      amount_received: intent.status === 'succeeded' ? intent.amount : 0,
      automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
      canceled_at: intent.canceledAt,
      client_secret: intent.clientSecret,
      created: intent.created,
      currency: intent.currency,
      customer: intent.customer,
      description: intent.description,
      last_payment_error: intent.lastPaymentError,
      latest_charge:
        charge && expand.includes('latest_charge') ? chargeJson(charge) : intent.chargeId,
      livemode: false,
      metadata: intent.metadata,
      payment_method:
        method && expand.includes('payment_method') ? cards.json(method) : intent.paymentMethod,
      payment_method_types: ['card'],
      setup_future_usage: intent.setupFutureUsage,
      status: intent.status,
    };
  };

  /** A charge of the intent with `method`; the intent succeeds or waits for another card. */
  function attempt(intent: Intent, method: Method, refusal: Json | null) {
    const { brand, last4 } = method;
    const charge: Charge = {
      id: newId('ch'),
      intentId: intent.id,
      paymentMethod: method.id,
      amount: intent.amount,
      refunded: 0,
      brand,
      last4,
      paid: !refusal,
    };
    charges.set(charge.id, charge);
    intent.chargeId = charge.id;
    const lastPaymentError = refusal && {
      type: 'card_error',
      ...refusal,
      charge: charge.id,
      payment_method: cards.json(method),
    };
    Object.assign(intent, {
      status: refusal ? 'requires_payment_method' : 'succeeded',
      lastPaymentError,
      paymentMethod: refusal ? null : method.id,
    });
    for (const listener of attempted) listener(intentJson(intent));
  }

  /** Charges a saved card at creation (confirm=true): Stripe's 402 card_error when refused. */
  function chargeSaved(intent: Intent, params: Record<string, string>): Answer {
    const id = params.payment_method ?? '';
    const method = cards.get(id);
    if (!method) return missing('PaymentMethod', id, 'payment_method');
    const unchargeable = cards.unchargeable(method, intent.customer);
    if (unchargeable) return unchargeable;
    intents.set(intent.id, intent);
    const refusal = cards.refusalOf(method);
    attempt(intent, method, refusal);
    if (!refusal) return { status: 200, body: intentJson(intent, expandOf(params)) };
    // The failed intent comes inside the error, unexpanded, as Stripe sends it.
    return fail(402, { ...intent.lastPaymentError, payment_intent: intentJson(intent) });
  }

  function createIntent(params: Record<string, string>): Answer {
    const amount = Number(params.amount);
    if (!Number.isInteger(amount) || amount < 50 || !params.currency) {
      return fail(400, {
        type: 'invalid_request_error',
        code: 'parameter_invalid_integer',
        message: 'Amount must be at least $0.50 usd, with a currency.',
        param: 'amount',
      });
    }
    const customer = params.customer ?? null;
    if (customer && !cards.hasCustomer(customer)) return missing('customer', customer, 'customer');
    const refused = confirmRefusal(params);
    if (refused) return refused;
    const id = newId('pi');
    const intent: Intent = {
      id,
      clientSecret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      amount,
      currency: params.currency,
      description: params.description ?? null,
      metadata: metadataOf(params),
      customer,
      setupFutureUsage: params.setup_future_usage ?? null,
      status: 'requires_payment_method',
      created: now(),
      canceledAt: null,
      lastPaymentError: null,
      paymentMethod: null,
      chargeId: null,
    };
    if (params.confirm === 'true') return chargeSaved(intent, params);
    intents.set(id, intent);
    return { status: 200, body: intentJson(intent, expandOf(params)) };
  }

  function cancelIntent(intent: Intent): Answer {
    if (!CANCELABLE.includes(intent.status)) {
      return fail(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
      });
    }
    Object.assign(intent, { status: 'canceled', canceledAt: now() });
    return { status: 200, body: intentJson(intent) };
  }

  function refund(params: Record<string, string>): Answer {
    const id = params.payment_intent ?? '';
    const intent = intents.get(id);
    if (!intent) return missing('payment_intent', id, 'payment_intent');
    const charge = intent.chargeId ? charges.get(intent.chargeId) : undefined;
    if (intent.status !== 'succeeded' || !charge) {
      return invalid('This PaymentIntent does not have a successful charge to refund.');
    }
    const left = charge.amount - charge.refunded;
    if (left === 0) {
      return fail(400, {
        type: 'invalid_request_error',
        code: 'charge_already_refunded',
        message: `Charge ${charge.id} has already been refunded.`,
      });
    }
    const amount = params.amount === undefined ? left : Number(params.amount);
    if (amount > left) {
      return invalid(
        `Refund amount (${dollars(amount)}) is greater than unrefunded amount on charge (${dollars(left)})`,
        'amount',
      );
    }
    charge.refunded += amount;
    const body = {
      id: newId('re'),
      object: 'refund',
      amount,
      charge: charge.id,
      currency: 'usd',
      payment_intent: intent.id,
      status: 'succeeded',
      created: now(),
    };
    refunds.push(body);
    return { status: 200, body };
  }

  function route(method: string, path: string, params: Record<string, string>): Answer | null {
    if (method === 'POST' && path === '/v1/payment_intents') return createIntent(params);
    if (method === 'POST' && path === '/v1/refunds') return refund(params);
    const [, id = '', action] = /^\/v1\/payment_intents\/([^/]+)(\/cancel)?$/.exec(path) ?? [];
    if (!id) return null;
    const intent = intents.get(id);
    if (!intent) return missing('payment_intent', id, 'intent');
    if (method === 'GET' && !action) {
      return { status: 200, body: intentJson(intent, expandOf(params)) };
    }
    if (method === 'POST' && action) return cancelIntent(intent);
    return null;
  }

  const intentFor = (id: string) => {
    const intent = intents.get(id);
    if (!intent) throw new Error(`The stand-in has no intent ${id}`);
    return intent;
  };

  return {
    route,
    /**
     * The browser confirmed the payment with `card` (or a visa ending in these 4 digits), and it
     * went through; with setup_future_usage the card is saved on the intent's customer, as Stripe
     * does. The card's payment method id.
     */
    succeed(id: string, card: StandInCard | string): string {
      const intent = intentFor(id);
      const given = typeof card === 'string' ? { ...TEST_VISA, last4: card } : card;
      const saveOn = intent.setupFutureUsage ? intent.customer : null;
      const method = cards.create(given, saveOn);
      attempt(intent, method, null);
      return method.id;
    },
    /** The browser's card was declined: the intent waits for another. */
    decline(id: string, last4: string, message: string) {
      const method = cards.create({ ...TEST_VISA, last4 }, null);
      attempt(intentFor(id), method, { code: 'card_declined', message });
    },
    /**
     * Stripe charging the customer's saved card itself (an invoice's retry or renewal): refused
     * with `refusal` when given, else as the card's own charges are.
     */
    payWithSaved(id: string, paymentMethodId: string, refusal?: Json) {
      const method = cards.get(paymentMethodId);
      if (!method) throw new Error(`The stand-in has no payment method ${paymentMethodId}`);
      attempt(intentFor(id), method, refusal ?? cards.refusalOf(method));
    },
    onAttempt: (listener: (intent: Json) => void) => attempted.push(listener),
    /** The intent as Stripe shows it, its charge and card not expanded. */
    json: (id: string) => intentJson(intentFor(id)),
    /** Every intent and refund so far, for the list endpoints. */
    all: () => ({ intents: [...intents.values()].map((intent) => intentJson(intent)), refunds }),
    /** Every charge attempted so far, paid or refused, as Stripe lists them. */
    charges: () => [...charges.values()].map(chargeJson),
    /** A webhook event about the intent, as Stripe would post it (the charge not expanded). */
    event: (type: string, id: string): Json => eventOf(type, intentJson(intentFor(id))),
  };
}

export type IntentsStandIn = ReturnType<typeof intentsStandIn>;
