import type { Knex } from 'knex';
import { z } from 'zod';
import type { PaymentDeps } from '../payments/ledger';

// A membership canceled here is recorded first and told to Stripe Billing after the commit, so a
// Stripe webhook about the cancellation always finds it canceled (never racing the record), and
// no row is locked while Stripe answers. The order is queued in the recording transaction: a
// Stripe that does not answer, or a crash, is retried until Stripe has it (both calls are
// idempotent there), so a canceled membership is never renewed.

export const GATEWAY_CANCEL_QUEUE = 'membership-gateway-cancels';

const orderSchema = z.object({
  gatewaySubscriptionId: z.string().min(1),
  /** Ends it now (with the early-cancellation fee) rather than at the period's end. */
  immediate: z.boolean(),
});
export type GatewayCancel = z.infer<typeof orderSchema>;

/** Queues the gateway's copy of a cancel within the transaction that records it. */
export async function queueGatewayCancel(
  deps: Pick<PaymentDeps, 'jobs'>,
  trx: Knex.Transaction,
  order: GatewayCancel,
): Promise<void> {
  await deps.jobs.send(GATEWAY_CANCEL_QUEUE, order, {
    startAfterSeconds: 60,
    within: trx,
    retry: { limit: 7, delaySeconds: 60 },
  });
}

/** Tells Stripe Billing; throws when it does not answer (the queue tries again). */
export async function cancelAtGateway(
  deps: Pick<PaymentDeps, 'gateway'>,
  order: GatewayCancel,
): Promise<void> {
  const { billing } = deps.gateway;
  if (!billing) return;
  if (order.immediate) await billing.cancelSubscription(order.gatewaySubscriptionId);
  else await billing.setCancelAtPeriodEnd(order.gatewaySubscriptionId, true);
}

/** Runs the queued copies in this process (server.ts starts it with the other membership work). */
export async function startGatewayCancelWorker(deps: PaymentDeps): Promise<void> {
  await deps.jobs.work(GATEWAY_CANCEL_QUEUE, (data) =>
    cancelAtGateway(deps, orderSchema.parse(data)),
  );
}
