import { applicationFiltersSchema } from '@twinclean/shared/admin-applications';
import { ADMIN } from '../../core/admin-access';
import { idParamsSchema } from '../../http/input';
import { type Route, route } from '../../http/route';
import type { AccountDeps } from '../accounts/invite';
import { approveApplication, rejectApplication } from './decisions';
import { applicationDetail, listApplications } from './list';

/** /admin/provider-applications' calls: both admin roles review and decide. */
export function adminApplicationRoutes(deps: AccountDeps): Route[] {
  const { db } = deps;
  return [
    route(
      {
        method: 'GET',
        path: '/api/admin/provider-applications',
        access: ADMIN,
        query: applicationFiltersSchema,
      },
      (_ctx, { query }) => listApplications(db, query),
    ),
    route(
      {
        method: 'GET',
        path: '/api/admin/provider-applications/:id',
        access: ADMIN,
        params: idParamsSchema,
      },
      (_ctx, { params }) => applicationDetail(db, params.id),
    ),
    route(
      {
        method: 'POST',
        path: '/api/admin/provider-applications/:id/approve',
        access: ADMIN,
        params: idParamsSchema,
      },
      (_ctx, { user, params }) => approveApplication(deps, user, params.id),
    ),
    route(
      {
        method: 'POST',
        path: '/api/admin/provider-applications/:id/reject',
        access: ADMIN,
        params: idParamsSchema,
      },
      (_ctx, { user, params }) => rejectApplication(deps, user, params.id),
    ),
  ];
}
