import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { stripeGateway } from '../adapters/payments/stripe-gateway';
import { type Answer, eventOf, fail, newId } from './stripe-stand-in-answers';
import { billingStandIn } from './stripe-stand-in-billing';
import { cardsStandIn } from './stripe-stand-in-cards';
import { connectStandIn } from './stripe-stand-in-connect';
import { intentsStandIn } from './stripe-stand-in-intents';
import { listsStandIn } from './stripe-stand-in-lists';
import { setupStandIn } from './stripe-stand-in-setup';

/** One API call as the stand-in received it: what the adapter really sent. */
export type StandInRequest = {
  method: string;
  path: string;
  params: Record<string, string>;
  idempotencyKey: string | null;
};

/**
 * A stand-in for the Stripe API on loopback, so the Stripe adapter runs through the real
 * `stripe` package and real HTTP without the network: just the endpoints the adapter calls,
 * Stripe's form-encoded requests, bearer key, Idempotency-Key, JSON shapes and errors.
 */
export async function startStripeStandIn(secretKey: string) {
  const answered = new Map<string, { request: string; answer: Answer }>();
  const requests: StandInRequest[] = [];
  /** While set, the requests it matches get Stripe's 503, as in an outage. */
  let outage: ((method: string, path: string) => boolean) | null = null;
  const cards = cardsStandIn();
  const setup = setupStandIn(cards);
  const intents = intentsStandIn(cards);
  const billing = billingStandIn(cards, intents);
  const lists = listsStandIn(intents.all);
  const connect = connectStandIn();

  const route = (method: string, path: string, params: Record<string, string>): Answer =>
    cards.route(method, path) ??
    setup.route(method, path, params) ??
    intents.route(method, path, params) ??
    billing.route(method, path, params) ??
    lists.route(method, path, params) ??
    connect.route(method, path, params) ??
    fail(404, { type: 'invalid_request_error', message: `Unrecognized request URL.` });

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

    const answer = outage?.(method, url.pathname)
      ? fail(503, { type: 'api_error', message: 'Stripe is temporarily unavailable.' })
      : req.headers.authorization !== `Bearer ${secretKey}`
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

  return {
    host: '127.0.0.1',
    port: (server.address() as AddressInfo).port,
    protocol: 'http' as const,
    requests,
    confirmSetup: setup.confirm,
    declineSetup: setup.decline,
    succeed: intents.succeed,
    decline: intents.decline,
    charges: intents.charges,
    event: intents.event,
    moveTo: lists.moveTo,
    renew: billing.renew,
    retryInvoice: billing.retry,
    subscription: billing.subscription,
    latestInvoice: billing.latestInvoice,
    /**
     * Stripe Connect: completeOnboarding, submitDetails, disableAccount, account, accountEvent,
     * failTransfers, dropNextTransferAnswer, transfers, moveTransfer (stripe-stand-in-connect.ts).
     */
    connect: {
      completeOnboarding: connect.completeOnboarding,
      submitDetails: connect.submitDetails,
      disableAccount: connect.disableAccount,
      account: connect.account,
      accountEvent: connect.accountEvent,
      failTransfers: connect.failTransfers,
      dropNextTransferAnswer: connect.dropNextTransferAnswer,
      transfers: connect.transfers,
      moveTransfer: connect.moveTransfer,
    },
    /** The Stripe adapter pointed at this stand-in, with test keys unless given. */
    gateway: (keys: {
      secretKey: string;
      publishableKey?: string;
      webhookSecret?: string;
      /** 'whsec_connect_stand_in' unless given; null: no Connect endpoint is set up. */
      connectWebhookSecret?: string | null;
    }) =>
      stripeGateway({
        publishableKey: 'pk_test_stand_in',
        webhookSecret: 'whsec_stand_in',
        connectWebhookSecret: 'whsec_connect_stand_in',
        ...keys,
        host: '127.0.0.1',
        port: (server.address() as AddressInfo).port,
        protocol: 'http',
      }),
    /** A webhook event about an invoice or subscription JSON above, for a test to sign. */
    eventOf,
    /** Starts (a matcher) or ends (null) an outage of the requests it matches. */
    setOutage(matches: ((method: string, path: string) => boolean) | null) {
      outage = matches;
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;
