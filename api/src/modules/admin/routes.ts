import { payoutListQuerySchema } from '@twinclean/shared/admin';
import type { Knex } from 'knex';
import { ADMIN } from '../../core/admin-access';
import { idParamsSchema } from '../../http/input';
import { type Route, route } from '../../http/route';
import { adminBookingListRoutes } from './bookings-list-routes';
import { listPayouts, markPaid } from './payouts';
import { providerChoices } from './provider-choices';
import { adminStats } from './stats';

/** Spec 2 §7's admin calls. */
export function adminRoutes(db: Knex): Route[] {
  return [
    ...adminBookingListRoutes(db),
    route({ method: 'GET', path: '/api/admin/stats', access: ADMIN }, () => adminStats(db)),
    route({ method: 'GET', path: '/api/admin/provider-choices', access: ADMIN }, () =>
      providerChoices(db),
    ),
    route(
      { method: 'GET', path: '/api/admin/payouts', access: ADMIN, query: payoutListQuerySchema },
      (_ctx, { query }) => listPayouts(db, query),
    ),
    route(
      {
        method: 'PATCH',
        path: '/api/admin/payouts/:id/mark-paid',
        access: ADMIN,
        params: idParamsSchema,
      },
      (_ctx, { user, params }) => markPaid(db, user.id, params.id),
    ),
  ];
}
