import type { GatewayIntent } from '../../adapters/payments/gateway';
import { settleSubscriptionPayment } from '../subscriptions/manage';
import { settleAndNotify } from './intents';
import type { PaymentDeps } from './ledger';

/**
 * A payment the gateway reports on its own (Stripe's webhook, the LocalGateway's card form),
 * recorded by what it paid for: a membership's first month or a booking.
 */
export async function settleReported(deps: PaymentDeps, intent: GatewayIntent): Promise<void> {
  if (intent.metadata.subscriptionId) {
    // Renewals and fees are recorded by the job that charged them; only month 1 comes this way.
    if (intent.metadata.kind === 'subscription' && !intent.metadata.month) {
      await settleSubscriptionPayment(deps, intent);
    }
    return;
  }
  await settleAndNotify(deps, intent);
}
