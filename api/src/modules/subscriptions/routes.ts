import {
  createSubscriptionSchema,
  recordSubscriptionPaymentSchema,
} from '@twinclean/shared/subscriptions';
import { notFound } from '../../errors';
import { idParamsSchema } from '../../http/input';
import { type Route, route } from '../../http/route';
import { Subscription } from '../../models/subscription';
import type { PaymentDeps } from '../payments/ledger';
import { createSubscription } from './checkout';
import { cancelSubscription, recordSubscriptionPayment, subscriptionPage } from './manage';

const CLIENT = { roles: ['client'] } as const;
const OWN_SUBSCRIPTION = { roles: ['client'], owns: 'subscription' } as const;

/** The client's own subscription, or "not found" (another client's looks the same). */
async function own(deps: PaymentDeps, userId: string, id: string) {
  const sub = await Subscription.query(deps.db).findOne({ id, userId });
  if (!sub) throw notFound('Subscription');
  return sub;
}

/** Spec 2 "Subscription pages" and §7 create-subscription; cancel with its fee. */
export function subscriptionRoutes(deps: PaymentDeps): Route[] {
  return [
    route({ method: 'GET', path: '/api/subscription', access: CLIENT }, (_ctx, { user }) =>
      subscriptionPage(deps, user.id),
    ),
    route(
      {
        method: 'POST',
        path: '/api/create-subscription',
        access: CLIENT,
        body: createSubscriptionSchema,
      },
      (_ctx, { user, body }) => createSubscription(deps, user, body),
    ),
    route(
      {
        method: 'POST',
        path: '/api/subscriptions/:id/record-payment',
        access: OWN_SUBSCRIPTION,
        params: idParamsSchema,
        body: recordSubscriptionPaymentSchema,
      },
      async (_ctx, { user, params, body }) =>
        recordSubscriptionPayment(deps, await own(deps, user.id, params.id), body.paymentIntentId),
    ),
    route(
      {
        method: 'POST',
        path: '/api/subscriptions/:id/cancel',
        access: OWN_SUBSCRIPTION,
        params: idParamsSchema,
      },
      (_ctx, { user, params }) => cancelSubscription(deps, user.id, params.id),
    ),
  ];
}
