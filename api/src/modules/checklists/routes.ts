import { checklistSaveSchema, checklistTickSchema } from '@twinclean/shared/checklists';
import type { Knex } from 'knex';
import { z } from 'zod';
import { ADMIN, OWNER } from '../../core/admin-access';
import { idParamsSchema } from '../../http/input';
import { type Route, route } from '../../http/route';
import { tickTask } from './ticks';
import { adminChecklists, publicChecklists, saveChecklists } from './versions';

/** Every list at its longest (20 tasks of 120 characters), add-ons included, with room to spare. */
const SAVE_BODY_LIMIT = 256 * 1024;
const TICK_BODY_LIMIT = 2 * 1024;

/** The outbox entry's uuid; absent from a call that is never replayed. */
function idempotencyKey(header: string): string | undefined {
  if (!header) return undefined;
  return z.string().uuid('Idempotency-Key must be a UUID').parse(header);
}

/**
 * The room-by-room task lists: the site shows them, every admin reads them, owners edit them
 * (DECISIONS.md "Roles"), and the assigned provider ticks a visit's tasks from the phone.
 */
export function checklistRoutes(db: Knex): Route[] {
  return [
    route({ method: 'GET', path: '/api/checklists', access: { public: true } }, () =>
      publicChecklists(db),
    ),
    route({ method: 'GET', path: '/api/admin/checklists', access: ADMIN }, () =>
      adminChecklists(db),
    ),
    route(
      {
        method: 'PUT',
        path: '/api/admin/checklists',
        access: OWNER,
        body: checklistSaveSchema,
        bodyLimit: SAVE_BODY_LIMIT,
      },
      (_ctx, { user, body }) => saveChecklists(db, user.id, body),
    ),
    route(
      {
        method: 'POST',
        path: '/api/provider/jobs/:id/checklist',
        access: { roles: ['provider'], owns: 'job' },
        params: idParamsSchema,
        body: checklistTickSchema,
        bodyLimit: TICK_BODY_LIMIT,
      },
      async (ctx, { user, params, body }) => {
        const key = idempotencyKey(ctx.get('Idempotency-Key'));
        const answer = await tickTask(db, user.id, params.id, body, key);
        ctx.status = answer.status;
        ctx.body = answer.body;
      },
    ),
  ];
}
