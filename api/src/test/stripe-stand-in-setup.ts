import { randomBytes } from 'node:crypto';
import { type Answer, expandOf, type Json, missing, newId, now } from './stripe-stand-in-answers';
import { type CardsStandIn, type StandInCard, TEST_VISA } from './stripe-stand-in-cards';

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

/**
 * The setup intents of the Stripe stand-in, which save a card on a customer, as the adapter
 * calls them. `route` answers null for a request that is not about a setup intent.
 */
export function setupStandIn(cards: CardsStandIn) {
  const setupIntents = new Map<string, SetupIntent>();

  const setupJson = (intent: SetupIntent, expand: string[] = []): Json => {
    const method = intent.paymentMethod ? cards.get(intent.paymentMethod) : undefined;
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
        method && expand.includes('payment_method') ? cards.json(method) : intent.paymentMethod,
      payment_method_types: ['card'],
      status: intent.status,
      usage: intent.usage,
    };
  };

  function createSetupIntent(params: Record<string, string>): Answer {
    const customer = params.customer ?? '';
    if (!cards.hasCustomer(customer)) return missing('customer', customer, 'customer');
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

  function route(method: string, path: string, params: Record<string, string>): Answer | null {
    if (method === 'POST' && path === '/v1/setup_intents') return createSetupIntent(params);
    const [, setupId = ''] = /^\/v1\/setup_intents\/([^/]+)$/.exec(path) ?? [];
    if (!setupId || method !== 'GET') return null;
    const intent = setupIntents.get(setupId);
    if (!intent) return missing('setup_intent', setupId, 'intent');
    return { status: 200, body: setupJson(intent, expandOf(params)) };
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
      const method = cards.create(card, intent.customer);
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
