import { pushEndpointSchema, pushSubscriptionSchema } from '@twinclean/shared/push';
import type { Knex } from 'knex';
import type { PushSender } from '../../adapters/push';
import { type ApiRouter, createRouter } from '../../context';
import { AppError } from '../../errors';
import { parseBody } from '../../http/input';
import { requireRole } from '../../security/guards';
import { subscriptionProblem } from './endpoint-policy';
import { forgetSubscription, saveSubscription } from './subscriptions';

const PROVIDER = ['provider'] as const;

/** Job alerts: the key a phone subscribes with, and the phone's subscription. */
export function pushRoutes(deps: {
  db: Knex;
  push: PushSender;
  /** Outside production: any http(s) endpoint, such as a local push service. */
  anyPushEndpoint?: boolean | undefined;
}): ApiRouter {
  return createRouter()
    .get('/api/provider/push/key', async (ctx) => {
      await requireRole(ctx, PROVIDER);
      ctx.body = { publicKey: deps.push.publicKey };
    })
    .put('/api/provider/push/subscription', async (ctx) => {
      const me = await requireRole(ctx, PROVIDER);
      const subscription = parseBody(ctx, pushSubscriptionSchema);
      const problem = subscriptionProblem(subscription, deps.anyPushEndpoint ?? false);
      if (problem) throw new AppError(400, 'validation_error', problem);
      await saveSubscription(deps.db, me.id, subscription, ctx.get('User-Agent'));
      ctx.body = { ok: true, message: 'Job alerts are on' };
    })
    .delete('/api/provider/push/subscription', async (ctx) => {
      const me = await requireRole(ctx, PROVIDER);
      await forgetSubscription(me.id, parseBody(ctx, pushEndpointSchema).endpoint);
      ctx.body = { ok: true, message: 'Job alerts are off' };
    });
}
