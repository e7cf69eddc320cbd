import {
  adminClientListQuerySchema,
  adminProviderListQuerySchema,
  providerVipInputSchema,
} from '@twinclean/shared/admin-people';
import type { Knex } from 'knex';
import { ADMIN } from '../../core/admin-access';
import { idParamsSchema } from '../../http/input';
import { type Route, route } from '../../http/route';
import { clientDetails } from './client-details';
import { listClients } from './clients-list';
import { providerDetails } from './provider-details';
import { setVip } from './provider-vip';
import { listProviders } from './providers-list';

/**
 * The admin Clients and Providers pages (issue 17): both admin roles read them and mark VIPs.
 * Deactivating an account is the accounts module's (POST /api/admin/users/{id}/deactivate).
 */
export function adminPeopleRoutes(db: Knex): Route[] {
  return [
    route(
      {
        method: 'GET',
        path: '/api/admin/clients',
        access: ADMIN,
        query: adminClientListQuerySchema,
      },
      (_ctx, { query }) => listClients(db, query),
    ),
    route(
      { method: 'GET', path: '/api/admin/clients/:id', access: ADMIN, params: idParamsSchema },
      (_ctx, { params }) => clientDetails(db, params.id),
    ),
    route(
      {
        method: 'GET',
        path: '/api/admin/providers',
        access: ADMIN,
        query: adminProviderListQuerySchema,
      },
      (_ctx, { query }) => listProviders(db, query),
    ),
    route(
      { method: 'GET', path: '/api/admin/providers/:id', access: ADMIN, params: idParamsSchema },
      (_ctx, { params }) => providerDetails(db, params.id),
    ),
    route(
      {
        method: 'POST',
        path: '/api/admin/providers/:id/vip',
        access: ADMIN,
        params: idParamsSchema,
        body: providerVipInputSchema,
      },
      (_ctx, { user, params, body }) => setVip(db, user.id, params.id, body.vip),
    ),
  ];
}
