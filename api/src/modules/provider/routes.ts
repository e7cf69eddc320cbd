import { availabilityInputSchema } from '@twinclean/shared/availability';
import { finalPriceSchema } from '@twinclean/shared/final-price';
import { visitHomeNotesSchema } from '@twinclean/shared/homes';
import { clockOutSchema, punchSchema } from '@twinclean/shared/punches';
import type { Knex } from 'knex';
import { z } from 'zod';
import { notFound } from '../../errors';
import { idParamsSchema } from '../../http/input';
import { type Route, route } from '../../http/route';
import { visitHomeNotes } from '../homes/entry-notes';
import type { PaymentDeps } from '../payments/ledger';
import { depositRequests } from '../payments/requests';
import type { JobAlerts } from '../push/job-alerts';
import type { NoticeDelivery, NoticeDeps } from '../visit-updates/notices';
import { deleteSlot, listSlots, saveSlot } from './availability';
import { claimsInFlight } from './claims-in-flight';
import { confirmJobPrice } from './final-price';
import { acceptJob, jobBoard } from './job-board';
import { getJob, listJobs, listPayouts, providerStats } from './jobs';
import { punch } from './punches';

const PROVIDER = { roles: ['provider'] } as const;
const PUNCH_BODY_LIMIT = 2 * 1024;

/** The device's event uuid; absent for calls that are not replayed (the spec's dashboard sends none). */
function idempotencyKey(header: string): string | undefined {
  if (!header) return undefined;
  return z.string().uuid('Idempotency-Key must be a UUID').parse(header);
}

/** Clock-in and clock-out: the same checks, the kept answer sent as it was first given. */
function punchRoute(
  db: Knex,
  kind: 'clock_in' | 'clock_out',
  updates: NoticeDeps & NoticeDelivery,
  prices: PaymentDeps,
): Route {
  const path = kind === 'clock_in' ? 'clock-in' : 'clock-out';
  return route(
    {
      method: 'POST',
      path: `/api/provider/${path}/:id`,
      access: { roles: ['provider'], owns: 'job' },
      params: idParamsSchema,
      body: kind === 'clock_in' ? punchSchema : clockOutSchema,
      bodyLimit: PUNCH_BODY_LIMIT,
    },
    async (ctx, { user, params, body }) => {
      const key = idempotencyKey(ctx.get('Idempotency-Key'));
      const answer = await punch(db, kind, user.id, params.id, body, key, { updates, prices });
      ctx.status = answer.status;
      ctx.body = answer.body;
    },
  );
}

export function providerRoutes(
  db: Knex,
  alerts: JobAlerts,
  payments: PaymentDeps,
  /** The client's visit updates told by clock-in and clock-out (modules/visit-updates). */
  updates: NoticeDeps & NoticeDelivery,
): Route[] {
  const accepts = { alerts, deposits: depositRequests(payments), claims: claimsInFlight() };
  const slot = { roles: ['provider'], owns: 'availability slot' } as const;
  return [
    route(
      { method: 'GET', path: '/api/provider/availability', access: PROVIDER },
      (_ctx, { user }) => listSlots(user.id),
    ),
    route(
      {
        method: 'POST',
        path: '/api/provider/availability',
        access: PROVIDER,
        body: availabilityInputSchema,
        status: 201,
      },
      (_ctx, { user, body }) => saveSlot(db, user.id, body),
    ),
    route(
      {
        method: 'PUT',
        path: '/api/provider/availability/:id',
        access: slot,
        params: idParamsSchema,
        body: availabilityInputSchema,
      },
      (_ctx, { user, params, body }) => saveSlot(db, user.id, body, params.id),
    ),
    route(
      {
        method: 'DELETE',
        path: '/api/provider/availability/:id',
        access: slot,
        params: idParamsSchema,
      },
      async (_ctx, { user, params }) => {
        await deleteSlot(user.id, params.id);
        return { ok: true, message: 'Availability slot deleted successfully' };
      },
    ),
    route({ method: 'GET', path: '/api/provider/stats', access: PROVIDER }, (_ctx, { user }) =>
      providerStats(db, user.id),
    ),
    route({ method: 'GET', path: '/api/provider/jobs', access: PROVIDER }, (_ctx, { user }) =>
      listJobs(user.id),
    ),
    route(
      {
        method: 'GET',
        path: '/api/provider/jobs/:id',
        access: { roles: ['provider'], owns: 'job' },
        params: idParamsSchema,
      },
      (_ctx, { user, params }) => getJob(user.id, params.id),
    ),
    // The home's pets, parking and (only from 24 h before the visit until it is done) entry notes:
    // the rule and the audit of each reveal are visitHomeNotes'; a job not theirs is not found.
    route(
      {
        method: 'GET',
        path: '/api/provider/jobs/:id/home',
        access: { roles: ['provider'], owns: 'job' },
        params: idParamsSchema,
      },
      async (_ctx, { user, params }) => {
        const notes = await visitHomeNotes(db, user.id, params.id, new Date());
        if (!notes) throw notFound('Job');
        return visitHomeNotesSchema.parse(notes);
      },
    ),
    // Carpet and rug jobs: the assigned provider confirms the price after seeing the work.
    route(
      {
        method: 'POST',
        path: '/api/provider/jobs/:id/final-price',
        access: { roles: ['provider'], owns: 'job' },
        params: idParamsSchema,
        body: finalPriceSchema,
      },
      (_ctx, { user, params, body }) =>
        confirmJobPrice(db, payments, user.id, params.id, body.totalAmount),
    ),
    route({ method: 'GET', path: '/api/provider/payouts', access: PROVIDER }, (_ctx, { user }) =>
      listPayouts(user.id),
    ),
    punchRoute(db, 'clock_in', updates, payments),
    punchRoute(db, 'clock_out', updates, payments),
    route({ method: 'GET', path: '/api/provider/job-board', access: PROVIDER }, (_ctx, { user }) =>
      jobBoard(user.id),
    ),
    // Open jobs belong to nobody yet: any provider may try, and the first one wins.
    route(
      {
        method: 'POST',
        path: '/api/provider/job-board/:id/accept',
        access: PROVIDER,
        params: idParamsSchema,
      },
      (_ctx, { user, params }) => acceptJob(db, accepts, user.id, params.id),
    ),
  ];
}
