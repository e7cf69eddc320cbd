import getRawBody from 'raw-body';
import { z } from 'zod';
import { WebhookSignatureError } from '../../adapters/payments/gateway';
import { AppError } from '../../errors';
import { type Route, route } from '../../http/route';
import { GatewayEvent } from '../../models/gateway-event';
import { PayoutAccount } from '../../models/payout-account';
import { accountFields } from './account-state';
import type { PayoutAccountDeps } from './deps';

const PUBLIC = { public: true } as const;
const WEBHOOK_LIMIT = 512 * 1024;
const eventShape = z.object({ id: z.string().min(1).max(255), type: z.string().min(1).max(255) });
const notAnEvent = () =>
  new AppError(400, 'invalid_event', 'The webhook body is not a Stripe event.');

/**
 * Brings our row of a connected account up to Stripe's current word. Asked again rather than
 * read from the event: Stripe does not promise events in order, and the newest state is the one
 * to keep. An account we do not know (another platform's test, a deleted row) is ignored.
 */
async function accountUpdated(deps: PayoutAccountDeps, accountId: string): Promise<void> {
  const row = await PayoutAccount.query(deps.db).findOne({ accountId, gateway: 'stripe' });
  if (!row) return;
  const account = await deps.gateway.connect.retrieveAccount(accountId);
  if (!account) return;
  await PayoutAccount.query(deps.db).patch(accountFields(account)).where({ accountId });
}

/**
 * POST /api/payments/connect-webhook: Stripe's Connect events (their own endpoint and signing
 * secret), each handled once by its id in gateway_events, as /api/payments/webhook does. Only
 * account.updated is acted on. With the LocalGateway there are no webhooks: 404.
 */
export function connectWebhookRoute(deps: PayoutAccountDeps): Route {
  return route(
    { method: 'POST', path: '/api/payments/connect-webhook', access: PUBLIC },
    async (ctx) => {
      const gateway = deps.gateway;
      if (gateway.name !== 'stripe') {
        throw new AppError(404, 'not_found', 'No Connect webhooks with this gateway.');
      }
      const raw = await getRawBody(ctx.req, { limit: WEBHOOK_LIMIT });
      let event: ReturnType<typeof gateway.connect.verifyConnectWebhook>;
      try {
        event = gateway.connect.verifyConnectWebhook(raw, ctx.get('Stripe-Signature') || undefined);
      } catch (error) {
        if (error instanceof WebhookSignatureError) {
          throw new AppError(400, 'bad_signature', 'The webhook signature does not match.');
        }
        // Signed, but not an event (not JSON, an account.updated without its account): only a
        // holder of the secret can send one, and it is still the sender's fault, not ours.
        if (error instanceof SyntaxError || error instanceof TypeError) throw notAnEvent();
        throw error;
      }
      if (!eventShape.safeParse(event).success) throw notAnEvent();
      // A redelivery's insert is ignored and returns no row; a stored event handled before is
      // only acknowledged, one stored but not handled (the last try failed) is handled now.
      const stored = await GatewayEvent.query(deps.db)
        .insert({ id: event.id, gateway: 'stripe', type: event.type, payload: event.payload })
        .onConflict('id')
        .ignore()
        .returning(['id', 'receivedAt']);
      const done =
        stored.receivedAt === undefined &&
        (await GatewayEvent.query(deps.db).findById(event.id).whereNotNull('processedAt'));
      if (done) return { received: true };
      if (event.account) await accountUpdated(deps, event.account.id);
      await GatewayEvent.query(deps.db).findById(event.id).patch({ processedAt: new Date() });
      return { received: true };
    },
  );
}
