import { pushEndpointSchema, pushSubscriptionSchema } from '@twinclean/shared/push';
import type { Knex } from 'knex';
import type { PushSender } from '../../adapters/push';
import { AppError } from '../../errors';
import { type Route, route } from '../../http/route';
import { subscriptionProblem } from './endpoint-policy';
import { forgetSubscription, saveSubscription } from './subscriptions';

/** Job alerts: the key a phone subscribes with, and the phone's subscription. */
export function pushRoutes(deps: {
  db: Knex;
  push: PushSender;
  /** Outside production: any http(s) endpoint, such as a local push service. */
  anyPushEndpoint?: boolean | undefined;
}): Route[] {
  return [
    route(
      { method: 'GET', path: '/api/provider/push/key', access: { roles: ['provider'] } },
      () => ({
        publicKey: deps.push.publicKey,
      }),
    ),
    route(
      {
        method: 'PUT',
        path: '/api/provider/push/subscription',
        access: { roles: ['provider'] },
        body: pushSubscriptionSchema,
      },
      async (ctx, { user, body }) => {
        const problem = subscriptionProblem(body, deps.anyPushEndpoint ?? false);
        if (problem) throw new AppError(400, 'validation_error', problem);
        await saveSubscription(deps.db, user.id, body, ctx.get('User-Agent'));
        return { ok: true, message: 'Job alerts are on' };
      },
    ),
    // The endpoint is in the body: too long for a path. Only one's own is removed.
    route(
      {
        method: 'DELETE',
        path: '/api/provider/push/subscription',
        access: { roles: ['provider'], owns: 'push subscription' },
        body: pushEndpointSchema,
      },
      async (_ctx, { user, body }) => {
        await forgetSubscription(user.id, body.endpoint);
        return { ok: true, message: 'Job alerts are off' };
      },
    ),
  ];
}
