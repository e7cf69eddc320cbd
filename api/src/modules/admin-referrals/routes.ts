import type { Knex } from 'knex';
import { ADMIN } from '../../core/admin-access';
import { type Route, route } from '../../http/route';
import { listReferrals } from './referrals';

/** /admin/referrals (issue 34): every admin reads who referred whom and the credit it gave. */
export function adminReferralRoutes(deps: { db: Knex }): Route[] {
  return [
    route({ method: 'GET', path: '/api/admin/referrals', access: ADMIN }, () =>
      listReferrals(deps.db),
    ),
  ];
}
