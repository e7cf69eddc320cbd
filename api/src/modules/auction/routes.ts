import { auctionListQuerySchema, auctionPostInputSchema } from '@twinclean/shared/auction';
import type { Knex } from 'knex';
import { ADMIN } from '../../core/admin-access';
import { idParamsSchema } from '../../http/input';
import { type Route, route } from '../../http/route';
import type { JobQueue } from '../../jobs/queue';
import { auctionAlerts } from './alerts';
import { postJob, withdrawPost } from './service';
import { listPosts, postView } from './view';

/** The admin auction board (DECISIONS.md "Admin operations"): both admin roles run it. */
export function auctionRoutes(deps: { db: Knex; jobs: JobQueue }): Route[] {
  const { db } = deps;
  const alerts = auctionAlerts(deps.jobs);
  return [
    route(
      { method: 'GET', path: '/api/admin/auction', access: ADMIN, query: auctionListQuerySchema },
      (_ctx, { query }) => listPosts(db, query),
    ),
    route(
      {
        method: 'POST',
        path: '/api/admin/auction',
        access: ADMIN,
        body: auctionPostInputSchema,
        status: 201,
      },
      async (_ctx, { user, body }) => {
        const id = await postJob(db, alerts, user.id, body);
        return { message: 'Job posted to the auction board', post: await postView(db, id) };
      },
    ),
    route(
      {
        method: 'POST',
        path: '/api/admin/auction/:id/withdraw',
        access: ADMIN,
        params: idParamsSchema,
      },
      async (_ctx, { user, params }) => {
        await withdrawPost(db, user.id, params.id);
        return { message: 'Post withdrawn', post: await postView(db, params.id) };
      },
    ),
  ];
}
