import { availabilityInputSchema } from '@twinclean/shared/availability';
import { clockOutSchema, punchSchema } from '@twinclean/shared/punches';
import type { Knex } from 'knex';
import { z } from 'zod';
import { type ApiHandler, type ApiRouter, createRouter } from '../../context';
import { idParamsSchema, parseBody, parseParams } from '../../http/input';
import { requireRole } from '../../security/guards';
import type { JobAlerts } from '../push/job-alerts';
import { deleteSlot, listSlots, saveSlot } from './availability';
import { acceptJob, jobBoard } from './job-board';
import { getJob, listJobs, listPayouts, providerStats } from './jobs';
import { punch } from './punches';

const PROVIDER = ['provider'] as const;

/** The device's event uuid; absent for calls that are not replayed (the spec's dashboard sends none). */
function idempotencyKey(header: string): string | undefined {
  if (!header) return undefined;
  return z.string().uuid('Idempotency-Key must be a UUID').parse(header);
}

/** Clock-in and clock-out: the same checks, the kept answer sent as it was first given. */
function punchRoute(
  db: Knex,
  kind: 'clock_in' | 'clock_out',
  schema: typeof punchSchema | typeof clockOutSchema,
): ApiHandler {
  return async (ctx) => {
    const me = await requireRole(ctx, PROVIDER);
    const { id } = parseParams(ctx, idParamsSchema);
    const key = idempotencyKey(ctx.get('Idempotency-Key'));
    const answer = await punch(db, kind, me.id, id, parseBody(ctx, schema), key);
    ctx.status = answer.status;
    ctx.body = answer.body;
  };
}

export function providerRoutes(db: Knex, alerts: JobAlerts): ApiRouter {
  return createRouter()
    .get('/api/provider/availability', async (ctx) => {
      const me = await requireRole(ctx, PROVIDER);
      ctx.body = await listSlots(me.id);
    })
    .post('/api/provider/availability', async (ctx) => {
      const me = await requireRole(ctx, PROVIDER);
      ctx.status = 201;
      ctx.body = await saveSlot(db, me.id, parseBody(ctx, availabilityInputSchema));
    })
    .put('/api/provider/availability/:id', async (ctx) => {
      const me = await requireRole(ctx, PROVIDER);
      const { id } = parseParams(ctx, idParamsSchema);
      ctx.body = await saveSlot(db, me.id, parseBody(ctx, availabilityInputSchema), id);
    })
    .delete('/api/provider/availability/:id', async (ctx) => {
      const me = await requireRole(ctx, PROVIDER);
      await deleteSlot(me.id, parseParams(ctx, idParamsSchema).id);
      ctx.body = { ok: true, message: 'Availability slot deleted successfully' };
    })
    .get('/api/provider/stats', async (ctx) => {
      const me = await requireRole(ctx, PROVIDER);
      ctx.body = await providerStats(db, me.id);
    })
    .get('/api/provider/jobs', async (ctx) => {
      const me = await requireRole(ctx, PROVIDER);
      ctx.body = await listJobs(me.id);
    })
    .get('/api/provider/jobs/:id', async (ctx) => {
      const me = await requireRole(ctx, PROVIDER);
      ctx.body = await getJob(me.id, parseParams(ctx, idParamsSchema).id);
    })
    .get('/api/provider/payouts', async (ctx) => {
      const me = await requireRole(ctx, PROVIDER);
      ctx.body = await listPayouts(me.id);
    })
    .post('/api/provider/clock-in/:id', punchRoute(db, 'clock_in', punchSchema))
    .post('/api/provider/clock-out/:id', punchRoute(db, 'clock_out', clockOutSchema))
    .get('/api/provider/job-board', async (ctx) => {
      const me = await requireRole(ctx, PROVIDER);
      ctx.body = await jobBoard(me.id);
    })
    .post('/api/provider/job-board/:id/accept', async (ctx) => {
      const me = await requireRole(ctx, PROVIDER);
      const { id } = parseParams(ctx, idParamsSchema);
      ctx.body = await acceptJob(db, alerts, me.id, id);
    });
}
