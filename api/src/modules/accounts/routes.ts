import {
  adminInviteSchema,
  adminListQuerySchema,
  adminRoleChangeSchema,
} from '@twinclean/shared/admin-accounts';
import { ADMIN, OWNER } from '../../core/admin-access';
import { idParamsSchema } from '../../http/input';
import { type Route, route } from '../../http/route';
import { changeAdminRole, inviteAdmin, listAdmins } from './admins';
import { deactivateAccount, reactivateAccount } from './deactivation';
import type { AccountDeps } from './invite';

/** Issue 17: deactivating accounts (any admin; admins' by owners) and the owner's admin list. */
export function accountRoutes(deps: AccountDeps): Route[] {
  const { db } = deps;
  return [
    route(
      {
        method: 'POST',
        path: '/api/admin/users/:id/deactivate',
        access: ADMIN,
        params: idParamsSchema,
      },
      (_ctx, { user, params }) => deactivateAccount(db, user, params.id),
    ),
    route(
      {
        method: 'POST',
        path: '/api/admin/users/:id/reactivate',
        access: ADMIN,
        params: idParamsSchema,
      },
      (_ctx, { user, params }) => reactivateAccount(db, user, params.id),
    ),
    route(
      { method: 'GET', path: '/api/admin/admins', access: OWNER, query: adminListQuerySchema },
      (_ctx, { query }) => listAdmins(db, query),
    ),
    route(
      {
        method: 'POST',
        path: '/api/admin/admins',
        access: OWNER,
        body: adminInviteSchema,
        status: 201,
      },
      (_ctx, { user, body }) => inviteAdmin(deps, user, body),
    ),
    route(
      {
        method: 'PATCH',
        path: '/api/admin/admins/:id',
        access: OWNER,
        params: idParamsSchema,
        body: adminRoleChangeSchema,
      },
      (_ctx, { user, params, body }) => changeAdminRole(db, user, params.id, body.role),
    ),
  ];
}
