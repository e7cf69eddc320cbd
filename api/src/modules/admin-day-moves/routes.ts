import { dayMoveInputSchema, dayMovePreviewInputSchema } from '@twinclean/shared/day-moves';
import { OWNER } from '../../core/admin-access';
import { idParamsSchema } from '../../http/input';
import { type Route, route } from '../../http/route';
import { applyDayMove, type DayMoveDeps } from './apply';
import { dayMoveDetail, dayMoveHistory, previewDayMove } from './views';

/** Issue 31 "Move a day": the owner's alone (it moves every client's visits of a date). */
export function adminDayMoveRoutes(deps: DayMoveDeps): Route[] {
  return [
    route(
      {
        method: 'POST',
        path: '/api/admin/day-moves/preview',
        access: OWNER,
        body: dayMovePreviewInputSchema,
      },
      (_ctx, { body }) => previewDayMove(deps.db, body),
    ),
    route(
      {
        method: 'POST',
        path: '/api/admin/day-moves',
        access: OWNER,
        body: dayMoveInputSchema,
        status: 201,
      },
      (_ctx, { user, body }) => applyDayMove(deps, user.id, body),
    ),
    route({ method: 'GET', path: '/api/admin/day-moves', access: OWNER }, () =>
      dayMoveHistory(deps.db),
    ),
    route(
      { method: 'GET', path: '/api/admin/day-moves/:id', access: OWNER, params: idParamsSchema },
      (_ctx, { params }) => dayMoveDetail(deps.db, params.id),
    ),
  ];
}
