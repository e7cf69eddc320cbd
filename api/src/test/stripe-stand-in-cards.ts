import {
  type Answer,
  fail,
  invalid,
  type Json,
  missing,
  newId,
  now,
} from './stripe-stand-in-answers';

export type Method = {
  id: string;
  customer: string | null;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  created: number;
};

/** A card the browser gives an intent in Stripe's Payment Element. */
export type StandInCard = Pick<Method, 'brand' | 'last4' | 'expMonth' | 'expYear'>;

export const TEST_VISA: StandInCard = { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 };

// Stripe's test cards that save fine but whose later charges fail, known here by their last 4:
// 4000000000000341 declines every charge; 4000002760003184 asks for 3-D Secure every time, which
// nobody can give to a charge made while the client is away.
const CHARGE_REFUSALS: Record<string, Json> = {
  '0341': {
    code: 'card_declined',
    decline_code: 'generic_decline',
    message: 'Your card was declined.',
  },
  '3184': {
    code: 'authentication_required',
    decline_code: 'authentication_required',
    message: 'Your card was declined. This transaction requires authentication.',
  },
};

/**
 * Customers and their saved cards (PaymentMethods), shared by the stand-in's setup and payment
 * intents. `route` answers null for a request that is not about a customer or a card.
 */
export function cardsStandIn() {
  const customers = new Set<string>();
  const methods = new Map<string, Method>();

  const json = (method: Method): Json => ({
    id: method.id,
    object: 'payment_method',
    type: 'card',
    billing_details: { address: null, email: null, name: null, phone: null },
    card: {
      brand: method.brand,
      display_brand: method.brand,
      last4: method.last4,
      exp_month: method.expMonth,
      exp_year: method.expYear,
      funding: 'credit',
      country: 'US',
    },
    created: method.created,
    customer: method.customer,
    livemode: false,
    metadata: {},
  });

  function createCustomer(): Answer {
    const id = newId('cus');
    customers.add(id);
    return { status: 200, body: { id, object: 'customer', created: now(), livemode: false } };
  }

  function detach(method: Method): Answer {
    if (!method.customer) {
      return fail(400, {
        type: 'invalid_request_error',
        message:
          'The payment method you provided is not attached to a customer so detachment is impossible.',
      });
    }
    method.customer = null;
    return { status: 200, body: json(method) };
  }

  function route(method: string, path: string): Answer | null {
    if (method === 'POST' && path === '/v1/customers') return createCustomer();
    const [, methodId = '', action] =
      /^\/v1\/payment_methods\/([^/]+)(\/detach)?$/.exec(path) ?? [];
    if (!methodId) return null;
    const found = methods.get(methodId);
    if (!found) return missing('payment_method', methodId, 'payment_method');
    if (method === 'POST' && action) return detach(found);
    if (method === 'GET' && !action) return { status: 200, body: json(found) };
    return null;
  }

  return {
    route,
    json,
    hasCustomer: (id: string) => customers.has(id),
    get: (id: string) => methods.get(id),
    /** The card the browser gave, saved on `customer` when it is not null. */
    create(card: StandInCard, customer: string | null): Method {
      const method: Method = { id: newId('pm'), customer, created: now(), ...card };
      methods.set(method.id, method);
      return method;
    },
    /** Stripe's refusal to charge `method` for `customer`: it is not a card saved on them. */
    unchargeable(method: Method, customer: string | null): Answer | null {
      if (method.customer && method.customer === customer) return null;
      return invalid(
        method.customer
          ? `The PaymentMethod ${method.id} is attached to a Customer that is not this PaymentIntent's.`
          : 'The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment, shared with a connected account without Customer attachment, or was detached from a Customer. It may not be used again. To use a PaymentMethod multiple times, you must attach it to a Customer first.',
        'payment_method',
      );
    },
    /** The card error Stripe answers a charge of this card with; null when it goes through. */
    refusalOf: (method: Method): Json | null => CHARGE_REFUSALS[method.last4] ?? null,
  };
}

export type CardsStandIn = ReturnType<typeof cardsStandIn>;
