import { randomUUID } from 'node:crypto';
import { addMonths } from '@twinclean/shared/subscriptions';
import type { Knex } from 'knex';
import { localGateway } from '../adapters/payments/local-gateway';

/**
 * clientA's membership for the access-matrix and fuzz tests: active (one paid month, inside the
 * minimum term), with month 1's intent paid and recorded. Any membership an earlier world left
 * live is ended first: a client holds one at a time. Call after cardWorld: canceling charges the
 * fee to clientA's saved card.
 */
export async function subscriptionWorld(db: Knex, clientId: string) {
  await db('subscriptions')
    .where({ userId: clientId })
    .whereIn('status', ['incomplete', 'trialing', 'active', 'past_due'])
    .update({ status: 'canceled', canceledAt: new Date() });
  const now = new Date();
  const [sub] = await db('subscriptions')
    .insert({
      userId: clientId,
      plan: 'standard',
      status: 'active',
      gateway: 'local',
      priceCents: 9999,
      billingAnchorAt: now,
      paidMonths: 1,
      currentPeriodStart: now,
      currentPeriodEnd: addMonths(now, 1),
      nextChargeAt: addMonths(now, 1),
      minimumTermEndsAt: addMonths(now, 3),
    })
    .returning('id');
  await db('users').where({ id: clientId }).update({ subscriptionType: 'standard' });
  const gateway = localGateway(db);
  const intent = await gateway.createIntent({
    amountCents: 9999,
    description: 'matrix membership',
    metadata: { subscriptionId: sub.id, kind: 'subscription' },
    idempotencyKey: randomUUID(),
  });
  const paid = await gateway.confirm(intent.id, {
    cardNumber: '4242424242424242',
    expiry: '12/40',
    cvc: '123',
    clientSecret: intent.clientSecret,
  });
  await db('payments').insert({
    userId: clientId,
    subscriptionId: sub.id,
    gateway: 'local',
    gatewayPaymentId: intent.id,
    kind: 'subscription',
    amountCents: 9999,
    status: 'succeeded',
    cardLast4: paid.intent.cardLast4,
  });
  return { subscription: sub.id as string, subscriptionIntent: intent.id };
}
