import { randomBytes } from 'node:crypto';
import {
  type Answer,
  expandOf,
  fail,
  type Json,
  missing,
  newId,
  now,
} from './stripe-stand-in-answers';

type Method = {
  id: string;
  customer: string | null;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  created: number;
};
type SetupIntent = {
  id: string;
  clientSecret: string;
  customer: string;
  usage: string;
  status: string;
  paymentMethod: string | null;
  lastSetupError: Json | null;
  created: number;
};

/** A card the browser gives a setup intent in Stripe's Payment Element. */
export type StandInCard = Pick<Method, 'brand' | 'last4' | 'expMonth' | 'expYear'>;

const TEST_VISA: StandInCard = { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 };

/**
 * The saved-card part of the Stripe stand-in: customers, setup intents and detaching a card,
 * as the adapter calls them. `route` answers null for a request that is not one of these.
 */
export function setupStandIn() {
  const customers = new Set<string>();
  const methods = new Map<string, Method>();
  const setupIntents = new Map<string, SetupIntent>();

  const methodJson = (method: Method): Json => ({
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

  const setupJson = (intent: SetupIntent, expand: string[] = []): Json => {
    const method = intent.paymentMethod ? methods.get(intent.paymentMethod) : undefined;
    return {
      id: intent.id,
      object: 'setup_intent',
      automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
      client_secret: intent.clientSecret,
      created: intent.created,
      customer: intent.customer,
      last_setup_error: intent.lastSetupError,
      livemode: false,
      metadata: {},
      payment_method:
        method && expand.includes('payment_method') ? methodJson(method) : intent.paymentMethod,
      payment_method_types: ['card'],
      status: intent.status,
      usage: intent.usage,
    };
  };

  function createCustomer(): Answer {
    const id = newId('cus');
    customers.add(id);
    return { status: 200, body: { id, object: 'customer', created: now(), livemode: false } };
  }

  function createSetupIntent(params: Record<string, string>): Answer {
    const customer = params.customer ?? '';
    if (!customers.has(customer)) return missing('customer', customer, 'customer');
    const id = newId('seti');
    const intent: SetupIntent = {
      id,
      clientSecret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      customer,
      usage: params.usage ?? 'off_session',
      status: 'requires_payment_method',
      paymentMethod: null,
      lastSetupError: null,
      created: now(),
    };
    setupIntents.set(id, intent);
    return { status: 200, body: setupJson(intent) };
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
    return { status: 200, body: methodJson(method) };
  }

  function route(method: string, path: string, params: Record<string, string>): Answer | null {
    if (method === 'POST' && path === '/v1/customers') return createCustomer();
    if (method === 'POST' && path === '/v1/setup_intents') return createSetupIntent(params);
    const [, setupId = ''] = /^\/v1\/setup_intents\/([^/]+)$/.exec(path) ?? [];
    if (setupId && method === 'GET') {
      const intent = setupIntents.get(setupId);
      if (!intent) return missing('setup_intent', setupId, 'intent');
      return { status: 200, body: setupJson(intent, expandOf(params)) };
    }
    const [, methodId = '', action] =
      /^\/v1\/payment_methods\/([^/]+)(\/detach)?$/.exec(path) ?? [];
    if (!methodId) return null;
    const found = methods.get(methodId);
    if (!found) return missing('payment_method', methodId, 'payment_method');
    if (method === 'POST' && action) return detach(found);
    if (method === 'GET' && !action) return { status: 200, body: methodJson(found) };
    return null;
  }

  const intentFor = (id: string) => {
    const intent = setupIntents.get(id);
    if (!intent) throw new Error(`The stand-in has no setup intent ${id}`);
    return intent;
  };

  return {
    route,
    /** The browser confirmed the setup with `card`: it is saved on the customer. Its id. */
    confirm(id: string, card: StandInCard = TEST_VISA): string {
      const intent = intentFor(id);
      const method: Method = {
        id: newId('pm'),
        customer: intent.customer,
        created: now(),
        ...card,
      };
      methods.set(method.id, method);
      Object.assign(intent, {
        status: 'succeeded',
        paymentMethod: method.id,
        lastSetupError: null,
      });
      return method.id;
    },
    /** The browser's card was declined: the setup waits for another. */
    decline(id: string, message: string) {
      const lastSetupError = { type: 'card_error', code: 'card_declined', message };
      Object.assign(intentFor(id), {
        status: 'requires_payment_method',
        paymentMethod: null,
        lastSetupError,
      });
    },
  };
}
