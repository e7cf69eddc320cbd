import { seriesReleaseSchema } from '@twinclean/shared/series';
import { idParamsSchema } from '../../http/input';
import { type Route, route } from '../../http/route';
import type { LifecycleDeps } from '../booking-lifecycle/lifecycle-deps';
import { giveUpSeries, releaseVisit } from './provider-actions';

const OWN_JOB = { roles: ['provider'], owns: 'job' } as const;

/** The regular provider's release of one visit, and giving up the whole series (issue 31). */
export function seriesProviderRoutes(deps: LifecycleDeps): Route[] {
  return [
    route(
      {
        method: 'POST',
        path: '/api/provider/jobs/:id/release',
        access: OWN_JOB,
        params: idParamsSchema,
        body: seriesReleaseSchema,
      },
      (_ctx, { user, params, body }) => releaseVisit(deps, user.id, params.id, body),
    ),
    route(
      {
        method: 'POST',
        path: '/api/provider/jobs/:id/give-up-series',
        access: OWN_JOB,
        params: idParamsSchema,
        body: seriesReleaseSchema,
      },
      (_ctx, { user, params, body }) => giveUpSeries(deps, user.id, params.id, body),
    ),
  ];
}
