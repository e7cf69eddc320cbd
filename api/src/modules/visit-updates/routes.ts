import {
  onMyWaySchema,
  visitUpdateSettingsAnswerSchema,
  visitUpdateSettingsSchema,
} from '@twinclean/shared/visit-updates';
import type { Knex } from 'knex';
import { z } from 'zod';
import { idParamsSchema } from '../../http/input';
import { type Route, route } from '../../http/route';
import type { EtaSettings } from './eta';
import { deliverVisitUpdates, type NoticeDelivery, type NoticeDeps } from './notices';
import { onMyWay } from './on-my-way';
import { saveVisitUpdateSettings, visitUpdateSettings } from './settings';

export type VisitUpdateDeps = NoticeDeps &
  NoticeDelivery & {
    db: Knex;
    eta: EtaSettings;
    /** The number texts come from, for the settings page's STOP note. */
    replyNumber: string | null;
  };

const CLIENT = { roles: ['client'] } as const;
/** The body is a punch's: a few numbers and times. */
const ON_MY_WAY_BODY_LIMIT = 2 * 1024;

/** The outbox entry's uuid; absent for a call that is never replayed. */
function idempotencyKey(header: string): string | undefined {
  if (!header) return undefined;
  return z.string().uuid('Idempotency-Key must be a UUID').parse(header);
}

/** DECISIONS.md "Visit updates": the client's channels, and the provider's On My Way. */
export function visitUpdateRoutes(deps: VisitUpdateDeps): Route[] {
  return [
    route({ method: 'GET', path: '/api/client/visit-updates', access: CLIENT }, (_ctx, { user }) =>
      visitUpdateSettings(deps.db, user.id, deps.replyNumber),
    ),
    route(
      {
        method: 'PUT',
        path: '/api/client/visit-updates',
        access: CLIENT,
        body: visitUpdateSettingsSchema,
      },
      async (_ctx, { user, body }) =>
        visitUpdateSettingsAnswerSchema.parse(
          await saveVisitUpdateSettings(deps.db, user.id, body, deps.replyNumber),
        ),
    ),
    route(
      {
        method: 'POST',
        path: '/api/provider/on-my-way/:id',
        access: { roles: ['provider'], owns: 'job' },
        params: idParamsSchema,
        body: onMyWaySchema,
        bodyLimit: ON_MY_WAY_BODY_LIMIT,
      },
      async (ctx, { user, params, body }) => {
        const key = idempotencyKey(ctx.get('Idempotency-Key'));
        const { answer, queued } = await onMyWay(deps.db, deps, user.id, params.id, body, key);
        deliverVisitUpdates(deps, queued);
        ctx.status = answer.status;
        ctx.body = answer.body;
      },
    ),
  ];
}
