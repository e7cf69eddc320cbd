import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type Answer,
  expandOf,
  fail,
  type Json,
  missing,
  newId,
  now,
} from './stripe-stand-in-answers';
import { setupStandIn } from './stripe-stand-in-setup';

type Intent = {
  id: string;
  clientSecret: string;
  amount: number;
  currency: string;
  description: string | null;
  metadata: Record<string, string>;
  status: string;
  created: number;
  canceledAt: number | null;
  lastPaymentError: Json | null;
  chargeId: string | null;
};
type Charge = {
  id: string;
  intentId: string;
  amount: number;
  refunded: number;
  last4: string;
  paid: boolean;
};

/** One API call as the stand-in received it: what the adapter really sent. */
export type StandInRequest = {
  method: string;
  path: string;
  params: Record<string, string>;
  idempotencyKey: string | null;
};

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const CANCELABLE = ['requires_payment_method', 'requires_confirmation', 'requires_action'];

/** metadata[bookingId]=… form fields back into { bookingId: … }, as Stripe reads them. */
const metadataOf = (params: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(params).flatMap(([key, value]) => {
      const name = /^metadata\[(.+)\]$/.exec(key)?.[1];
      return name ? [[name, value]] : [];
    }),
  );

/**
 * A stand-in for the Stripe API on loopback, so the Stripe adapter runs through the real
 * `stripe` package and real HTTP without the network: just the endpoints the adapter calls,
 * Stripe's form-encoded requests, bearer key, Idempotency-Key, JSON shapes and errors.
 */
export async function startStripeStandIn(secretKey: string) {
  const intents = new Map<string, Intent>();
  const charges = new Map<string, Charge>();
  const answered = new Map<string, { request: string; answer: Answer }>();
  const requests: StandInRequest[] = [];
  const setup = setupStandIn();

  const chargeJson = (charge: Charge): Json => ({
    id: charge.id,
    object: 'charge',
    amount: charge.amount,
    amount_refunded: charge.refunded,
    currency: 'usd',
    paid: charge.paid,
    payment_intent: charge.intentId,
    payment_method_details: { type: 'card', card: { brand: 'visa', last4: charge.last4 } },
    refunded: charge.refunded === charge.amount,
    status: charge.paid ? 'succeeded' : 'failed',
  });

  const intentJson = (intent: Intent, expand: string[] = []): Json => {
    const charge = intent.chargeId ? charges.get(intent.chargeId) : undefined;
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
      description: intent.description,
      last_payment_error: intent.lastPaymentError,
      latest_charge:
        charge && expand.includes('latest_charge') ? chargeJson(charge) : intent.chargeId,
      livemode: false,
      metadata: intent.metadata,
      payment_method_types: ['card'],
      status: intent.status,
    };
  };

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
    const id = newId('pi');
    const intent: Intent = {
      id,
      clientSecret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      amount,
      currency: params.currency,
      description: params.description ?? null,
      metadata: metadataOf(params),
      status: 'requires_payment_method',
      created: now(),
      canceledAt: null,
      lastPaymentError: null,
      chargeId: null,
    };
    intents.set(id, intent);
    return { status: 200, body: intentJson(intent) };
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
      return fail(400, {
        type: 'invalid_request_error',
        message: 'This PaymentIntent does not have a successful charge to refund.',
      });
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
      return fail(400, {
        type: 'invalid_request_error',
        message: `Refund amount (${dollars(amount)}) is greater than unrefunded amount on charge (${dollars(left)})`,
        param: 'amount',
      });
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
    return { status: 200, body };
  }

  function route(method: string, path: string, params: Record<string, string>): Answer {
    const saving = setup.route(method, path, params);
    if (saving) return saving;
    if (method === 'POST' && path === '/v1/payment_intents') return createIntent(params);
    if (method === 'POST' && path === '/v1/refunds') return refund(params);
    const [, id = '', action] = /^\/v1\/payment_intents\/([^/]+)(\/cancel)?$/.exec(path) ?? [];
    const intent = intents.get(id);
    if (id && !intent) return missing('payment_intent', id, 'intent');
    if (intent && method === 'GET' && !action) {
      return { status: 200, body: intentJson(intent, expandOf(params)) };
    }
    if (intent && method === 'POST' && action) return cancelIntent(intent);
    return fail(404, { type: 'invalid_request_error', message: `Unrecognized request URL.` });
  }

  /** Stripe answers a repeated Idempotency-Key with the first answer, or refuses new params. */
  function idempotent(key: string | null, request: string, run: () => Answer): Answer {
    if (!key) return run();
    const earlier = answered.get(key);
    if (earlier && earlier.request !== request) {
      return fail(400, {
        type: 'idempotency_error',
        message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
      });
    }
    if (earlier) return earlier.answer;
    const answer = run();
    answered.set(key, { request, answer });
    return answer;
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString();
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const method = req.method ?? 'GET';
    // GET sends its params (expand) in the query string, POST in the form body.
    const params = Object.fromEntries([...url.searchParams, ...new URLSearchParams(body)]);
    const key = req.headers['idempotency-key'];
    const idempotencyKey = typeof key === 'string' ? key : null;
    requests.push({ method, path: url.pathname, params, idempotencyKey });

    const answer =
      req.headers.authorization !== `Bearer ${secretKey}`
        ? fail(401, {
            type: 'invalid_request_error',
            message: `Invalid API Key provided: ${String(req.headers.authorization).slice(7, 15)}…`,
          })
        : idempotent(idempotencyKey, `${method} ${url.pathname} ${body}`, () =>
            route(method, url.pathname, params),
          );
    res.writeHead(answer.status, {
      'Content-Type': 'application/json',
      'Request-Id': newId('req'),
    });
    res.end(JSON.stringify(answer.body));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  const intentFor = (id: string) => {
    const intent = intents.get(id);
    if (!intent) throw new Error(`The stand-in has no intent ${id}`);
    return intent;
  };
  const attempt = (intent: Intent, last4: string, paid: boolean) => {
    const charge = { id: newId('ch'), intentId: intent.id, amount: intent.amount, refunded: 0 };
    charges.set(charge.id, { ...charge, last4, paid });
    intent.chargeId = charge.id;
  };

  return {
    host: '127.0.0.1',
    port: (server.address() as AddressInfo).port,
    protocol: 'http' as const,
    requests,
    confirmSetup: setup.confirm,
    declineSetup: setup.decline,
    /** The browser confirmed the payment with a card ending in last4, and it went through. */
    succeed(id: string, last4: string) {
      const intent = intentFor(id);
      attempt(intent, last4, true);
      Object.assign(intent, { status: 'succeeded', lastPaymentError: null });
    },
    /** The browser's card was declined: the intent waits for another. */
    decline(id: string, last4: string, message: string) {
      const intent = intentFor(id);
      attempt(intent, last4, false);
      const lastPaymentError = { type: 'card_error', code: 'card_declined', message };
      Object.assign(intent, { status: 'requires_payment_method', lastPaymentError });
    },
    /** A webhook event about the intent, as Stripe would post it (the charge not expanded). */
    event(type: string, id: string): Json {
      return {
        id: newId('evt'),
        object: 'event',
        api_version: '2026-10-28.endive',
        created: now(),
        data: { object: intentJson(intentFor(id)) },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      };
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;
