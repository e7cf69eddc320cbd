import {
  servedZipsSchema,
  waitlistQuerySchema,
  zipParamsSchema,
} from '@twinclean/shared/service-area';
import type { Knex } from 'knex';
import { ADMIN, OWNER } from '../../core/admin-access';
import { type Route, route } from '../../http/route';
import { notifyWaitlist } from './notify';
import { replaceServedZips, servedZipsView } from './served-zips';
import { waitlistCsv, waitlistSummary } from './waitlist';

/**
 * Issue 34, the admin side of the service area: every admin reads the served ZIPs and the
 * waitlist (page and CSV) and may e-mail a served ZIP's waitlist; the list is the owner's to edit.
 */
export function adminServiceAreaRoutes(deps: { db: Knex; siteUrl: string }): Route[] {
  const { db } = deps;
  return [
    route({ method: 'GET', path: '/api/admin/service-area', access: ADMIN }, () =>
      servedZipsView(db),
    ),
    route(
      { method: 'PUT', path: '/api/admin/service-area', access: OWNER, body: servedZipsSchema },
      (_ctx, { user, body }) => replaceServedZips(db, user.id, body),
    ),
    route(
      { method: 'GET', path: '/api/admin/waitlist', access: ADMIN, query: waitlistQuerySchema },
      (_ctx, { query }) => waitlistSummary(db, query),
    ),
    route(
      {
        method: 'GET',
        path: '/api/admin/exports/waitlist.csv',
        access: ADMIN,
        query: waitlistQuerySchema,
      },
      async (ctx, { query }) => {
        const { filename, csv } = await waitlistCsv(db, query);
        ctx.type = 'text/csv; charset=utf-8';
        ctx.attachment(filename);
        return csv;
      },
    ),
    route(
      {
        method: 'POST',
        path: '/api/admin/waitlist/:zip/notify',
        access: ADMIN,
        params: zipParamsSchema,
      },
      (_ctx, { user, params }) => notifyWaitlist(deps, user.id, params.zip),
    ),
  ];
}
