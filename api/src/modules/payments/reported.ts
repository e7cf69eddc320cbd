import type { GatewayIntent } from '../../adapters/payments/gateway';
import { Payment } from '../../models/payment';
import { settleSubscriptionPayment } from '../subscriptions/manage';
import { settleAndNotify } from './intents';
import type { PaymentDeps } from './ledger';

/**
 * A payment the gateway reports on its own (Stripe's webhook, the LocalGateway's card form),
 * recorded by what it paid for: a membership's first month or a booking. A Stripe invoice's
 * intent carries none of our metadata, so its payment row says which membership it is.
 */
export async function settleReported(deps: PaymentDeps, intent: GatewayIntent): Promise<void> {
  const row = await Payment.query(deps.db).findOne({ gatewayPaymentId: intent.id });
  if (row?.subscriptionId || intent.metadata.subscriptionId) {
    // Renewals and fees are recorded by whatever charged them; only month 1 comes this way.
    const firstMonth = row
      ? row.kind === 'subscription'
      : intent.metadata.kind === 'subscription' && !intent.metadata.month;
    if (firstMonth) await settleSubscriptionPayment(deps, intent);
    return;
  }
  await settleAndNotify(deps, intent);
}
