import { pricingHistoryQuerySchema, pricingSaveSchema } from '@twinclean/shared/admin-pricing';
import type { Knex } from 'knex';
import { OWNER } from '../../core/admin-access';
import { type Route, route } from '../../http/route';
import { pricingHistory } from './history';
import { adminPricing, savePricing } from './service';

/** /admin/pricing's calls: the owner's alone (DECISIONS.md "Roles"). */
export function adminPricingRoutes(db: Knex): Route[] {
  return [
    route({ method: 'GET', path: '/api/admin/pricing', access: OWNER }, () => adminPricing(db)),
    route(
      { method: 'PUT', path: '/api/admin/pricing', access: OWNER, body: pricingSaveSchema },
      (_ctx, { user, body }) => savePricing(db, user.id, body),
    ),
    route(
      {
        method: 'GET',
        path: '/api/admin/pricing/versions',
        access: OWNER,
        query: pricingHistoryQuerySchema,
      },
      (_ctx, { query }) => pricingHistory(db, query),
    ),
  ];
}
