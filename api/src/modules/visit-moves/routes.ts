import { visitMoveAnswerSchema, visitMoveTokenParamsSchema } from '@twinclean/shared/day-moves';
import { type Route, route } from '../../http/route';
import type { LifecycleDeps } from '../booking-lifecycle/lifecycle-deps';
import { answerVisitMove, visitMoveView } from './service';

/** Issue 31 "Move a day": the client's link to a moved visit (no sign-in: the token decides). */
export function visitMoveRoutes(deps: LifecycleDeps): Route[] {
  return [
    route(
      {
        method: 'GET',
        path: '/api/visit-moves/:token',
        access: { public: true },
        params: visitMoveTokenParamsSchema,
      },
      (_ctx, { params }) => visitMoveView(deps.db, params.token),
    ),
    route(
      {
        method: 'POST',
        path: '/api/visit-moves/:token',
        access: { public: true },
        params: visitMoveTokenParamsSchema,
        body: visitMoveAnswerSchema,
      },
      (_ctx, { params, body }) => answerVisitMove(deps, params.token, body),
    ),
  ];
}
