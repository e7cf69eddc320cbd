import {
  adminRegularProviderSchema,
  adminSeriesChangeSchema,
  adminSeriesListQuerySchema,
} from '@twinclean/shared/admin-series';
import { ADMIN } from '../../core/admin-access';
import { audit } from '../../core/audit';
import { idParamsSchema } from '../../http/input';
import { type Route, route } from '../../http/route';
import type { LifecycleDeps } from '../booking-lifecycle/lifecycle-deps';
import { changeSeries } from '../series-manage/manage';
import { seriesDetails } from './details';
import { listSeries } from './list';
import { setRegularProvider } from './regular-provider';

/** The admin Series pages (issue 31): both admin roles read and change series. */
export function adminSeriesRoutes(deps: LifecycleDeps): Route[] {
  const change = (dryRun: boolean) =>
    route(
      {
        method: 'POST',
        path: `/api/admin/series/:id/${dryRun ? 'preview' : 'changes'}`,
        access: ADMIN,
        params: idParamsSchema,
        body: adminSeriesChangeSchema,
      },
      async (_ctx, { user, params, body }) => {
        const { consequence } = await changeSeries(deps, {
          seriesId: params.id,
          actor: { id: user.id, kind: 'admin' },
          change: body,
          dryRun,
          audit: (trx, before, after) =>
            audit(trx, {
              actorId: user.id,
              action: `series.${body.action}`,
              entity: 'booking_series',
              entityId: params.id,
              before: { pausedUntil: before.pausedUntil, canceledAt: before.canceledAt },
              after: { pausedUntil: after.pausedUntil, canceledAt: after.canceledAt },
            }),
        });
        return dryRun ? { consequence } : seriesDetails(deps.db, params.id);
      },
    );
  return [
    route(
      {
        method: 'GET',
        path: '/api/admin/series',
        access: ADMIN,
        query: adminSeriesListQuerySchema,
      },
      (_ctx, { query }) => listSeries(deps.db, query),
    ),
    route(
      { method: 'GET', path: '/api/admin/series/:id', access: ADMIN, params: idParamsSchema },
      (_ctx, { params }) => seriesDetails(deps.db, params.id),
    ),
    route(
      {
        method: 'POST',
        path: '/api/admin/series/:id/regular-provider',
        access: ADMIN,
        params: idParamsSchema,
        body: adminRegularProviderSchema,
      },
      async (_ctx, { user, params, body }) => {
        await setRegularProvider(deps, user.id, params.id, body.providerId);
        return seriesDetails(deps.db, params.id);
      },
    ),
    change(true),
    change(false),
  ];
}
