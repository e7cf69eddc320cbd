import { homeInputSchema } from '@twinclean/shared/homes';
import { idParamsSchema } from '../../http/input';
import { type Route, route } from '../../http/route';
import { createHome, deleteHome, getHome, type HomeDeps, listHomes, updateHome } from './service';

const CLIENT = { roles: ['client'] } as const;
const OWN_HOME = { roles: ['client'], owns: 'home' } as const;

/** A client's saved homes (DECISIONS.md "Recurring visits, homes and entry notes"). */
export function homeRoutes(deps: HomeDeps): Route[] {
  return [
    route({ method: 'GET', path: '/api/homes', access: CLIENT }, (_ctx, { user }) =>
      listHomes(deps.db, user.id),
    ),
    route(
      { method: 'POST', path: '/api/homes', access: CLIENT, body: homeInputSchema, status: 201 },
      (_ctx, { user, body }) => createHome(deps, user.id, body),
    ),
    route(
      { method: 'GET', path: '/api/homes/:id', access: OWN_HOME, params: idParamsSchema },
      (_ctx, { user, params }) => getHome(deps.db, user.id, params.id),
    ),
    route(
      {
        method: 'PUT',
        path: '/api/homes/:id',
        access: OWN_HOME,
        params: idParamsSchema,
        body: homeInputSchema,
      },
      (_ctx, { user, params, body }) => updateHome(deps, user.id, params.id, body),
    ),
    route(
      { method: 'DELETE', path: '/api/homes/:id', access: OWN_HOME, params: idParamsSchema },
      (_ctx, { user, params }) => deleteHome(deps.db, user.id, params.id),
    ),
  ];
}
