import type { Call } from './route-samples';
import type { World } from './route-world';

/** Sample calls of "Move a day" (issue 31): the owner's routes and the client's link. */
export const DAY_MOVE_SAMPLES: Record<string, (w: World) => Call & { missing?: Call }> = {
  'POST /api/admin/day-moves/preview': (w) => ({ body: { date: w.dayMoves.date } }),
  'POST /api/admin/day-moves': (w) => ({ body: { date: w.dayMoves.date, reason: 'Snow day' } }),
  'GET /api/admin/day-moves': () => ({}),
  'GET /api/admin/day-moves/:id': (w) => ({ params: { id: w.dayMoves.id } }),
  'GET /api/visit-moves/:token': (w) => ({ params: { token: w.dayMoves.token } }),
  'POST /api/visit-moves/:token': (w) => ({
    params: { token: w.dayMoves.token },
    body: { action: 'accept' },
  }),
};
