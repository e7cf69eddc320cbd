import { seriesChangeSchema } from '@twinclean/shared/series';
import { idParamsSchema } from '../../http/input';
import { type Route, route } from '../../http/route';
import type { LifecycleDeps } from '../booking-lifecycle/lifecycle-deps';
import { getClientSeries, listClientSeries } from './client-view';
import { changeSeries } from './manage';

const CLIENT = { roles: ['client'] } as const;
const OWN_SERIES = { roles: ['client'], owns: 'series' } as const;

/** The client's recurring cleanings: read them, preview a change, make it (issue 31). */
export function seriesClientRoutes(deps: LifecycleDeps): Route[] {
  const change = (dryRun: boolean) =>
    route(
      {
        method: 'POST',
        path: `/api/series/:id/${dryRun ? 'preview' : 'changes'}`,
        access: OWN_SERIES,
        params: idParamsSchema,
        body: seriesChangeSchema,
      },
      async (_ctx, { user, params, body }) => {
        const actor = { id: user.id, kind: 'client' as const };
        const request = { seriesId: params.id, clientId: user.id, actor, change: body, dryRun };
        const { consequence } = await changeSeries(deps, request);
        return dryRun ? { consequence } : getClientSeries(deps.db, user.id, params.id);
      },
    );
  return [
    route({ method: 'GET', path: '/api/series', access: CLIENT }, (_ctx, { user }) =>
      listClientSeries(deps.db, user.id),
    ),
    route(
      { method: 'GET', path: '/api/series/:id', access: OWN_SERIES, params: idParamsSchema },
      (_ctx, { user, params }) => getClientSeries(deps.db, user.id, params.id),
    ),
    change(true),
    change(false),
  ];
}
