import type { Knex } from 'knex';
import { type Route, route } from '../../http/route';
import { clientCredits } from './view';

const CLIENT = { roles: ['client'] } as const;

/** /client's referral credit (issue 34): the client's link, balance, ledger and referred friends. */
export function creditRoutes(deps: { db: Knex; siteUrl: string }): Route[] {
  return [
    route({ method: 'GET', path: '/api/client/credits', access: CLIENT }, (_ctx, { user }) =>
      clientCredits(deps.db, deps.siteUrl, user.id),
    ),
  ];
}
