import { localAuthenticationSchema, localCardSchema } from '@twinclean/shared/local-gateway';
import getRawBody from 'raw-body';
import { z } from 'zod';
import { type GatewayIntent, WebhookSignatureError } from '../../adapters/payments/gateway';
import type { LocalGateway } from '../../adapters/payments/local-gateway';
import { AppError } from '../../errors';
import { type Route, route } from '../../http/route';
import { GatewayEvent } from '../../models/gateway-event';
import { hit, LIMITS } from '../../security/rate-limit';
import type { PaymentDeps } from './ledger';
import { type GatewayReports, settleReported } from './reported';

const PUBLIC = { public: true } as const;
const intentParams = z.object({ id: z.string().min(1).max(255) });

/**
 * The LocalGateway's checkout (ARCHITECTURE.md "Adapters"): the test-card form posts here, as a
 * browser posts to Stripe, to pay or to save a card. A succeeded payment is recorded at once, as
 * Stripe's webhook would.
 */
export function localGatewayRoutes(
  deps: PaymentDeps & { gateway: LocalGateway },
  memberships: GatewayReports,
): Route[] {
  const limit = (ip: string) => hit(deps.db, LIMITS.paymentsPerIp, ip);
  const settled = async (intent: GatewayIntent) => {
    if (intent.status === 'succeeded') await settleReported(deps, memberships, intent);
  };
  return [
    route(
      {
        method: 'POST',
        path: '/api/local-gateway/intents/:id/confirm',
        access: PUBLIC,
        params: intentParams,
        body: localCardSchema,
      },
      async (ctx, { params, body }) => {
        await limit(ctx.ip);
        const result = await deps.gateway.confirm(params.id, body);
        await settled(result.intent);
        return result.answer;
      },
    ),
    route(
      {
        method: 'POST',
        path: '/api/local-gateway/intents/:id/authenticate',
        access: PUBLIC,
        params: intentParams,
        body: localAuthenticationSchema,
      },
      async (ctx, { params, body }) => {
        await limit(ctx.ip);
        const result = await deps.gateway.authenticate(params.id, body.clientSecret, body.approve);
        await settled(result.intent);
        return result.answer;
      },
    ),
    // Saving a card (/client/payment-methods): the browser records it once the setup succeeds.
    route(
      {
        method: 'POST',
        path: '/api/local-gateway/setup-intents/:id/confirm',
        access: PUBLIC,
        params: intentParams,
        body: localCardSchema,
      },
      async (ctx, { params, body }) => {
        await limit(ctx.ip);
        return (await deps.gateway.confirmSetup(params.id, body)).answer;
      },
    ),
    route(
      {
        method: 'POST',
        path: '/api/local-gateway/setup-intents/:id/authenticate',
        access: PUBLIC,
        params: intentParams,
        body: localAuthenticationSchema,
      },
      async (ctx, { params, body }) => {
        await limit(ctx.ip);
        const { clientSecret, approve } = body;
        return (await deps.gateway.authenticateSetup(params.id, clientSecret, approve)).answer;
      },
    ),
  ];
}

const WEBHOOK_LIMIT = 512 * 1024;
const HANDLED = new Set(['payment_intent.succeeded', 'payment_intent.payment_failed']);

/**
 * Stripe's webhook: the signature is checked on the raw bytes, each event is handled once by
 * its id (gateway_events), and a payment it reports is recorded exactly as record-payment
 * records it, so whichever arrives first wins and the other finds it done.
 */
export function webhookRoute(deps: PaymentDeps, memberships: GatewayReports): Route {
  const verify = deps.gateway.verifyWebhook?.bind(deps.gateway);
  return route({ method: 'POST', path: '/api/payments/webhook', access: PUBLIC }, async (ctx) => {
    if (!verify) throw new AppError(404, 'not_found', 'No webhooks with this gateway.');
    const raw = await getRawBody(ctx.req, { limit: WEBHOOK_LIMIT });
    let event: ReturnType<typeof verify>;
    try {
      event = verify(raw, ctx.get('Stripe-Signature') || undefined);
    } catch (error) {
      if (error instanceof WebhookSignatureError) {
        throw new AppError(400, 'bad_signature', 'The webhook signature does not match.');
      }
      // Signed, but not an event (not JSON, or no data.object): only a holder of the secret can
      // send one, and it is still the sender's fault, not ours.
      if (error instanceof SyntaxError || error instanceof TypeError) {
        throw new AppError(400, 'invalid_event', 'The webhook body is not a Stripe event.');
      }
      throw error;
    }
    // An insert that a redelivery's conflict ignores returns no row, so received_at (set by the
    // database) is only read back for the delivery that stored the event first.
    const stored = await GatewayEvent.query(deps.db)
      .insert({
        id: event.id,
        gateway: deps.gateway.name,
        type: event.type,
        payload: event.payload,
      })
      .onConflict('id')
      .ignore()
      .returning(['id', 'receivedAt']);
    const fresh = stored.receivedAt !== undefined;
    const done = fresh
      ? null
      : await GatewayEvent.query(deps.db).findById(event.id).whereNotNull('processedAt');
    if (!done && HANDLED.has(event.type) && event.intent) {
      // Asked again rather than read from the event: the event carries no card, and a later
      // state (a refund, a retry) is the one to record.
      const intent = await deps.gateway.retrieveIntent(event.intent.id);
      if (intent) await settleReported(deps, memberships, intent);
    }
    if (!done) await memberships.billingEvent(event);
    await GatewayEvent.query(deps.db).findById(event.id).patch({ processedAt: new Date() });
    return { received: true };
  });
}
