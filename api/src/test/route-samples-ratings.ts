import { randomUUID } from 'node:crypto';
import type { Call } from './route-samples';
import type { World } from './route-world';

/** Sample calls of the ratings' routes (issue 18). */
export const RATING_SAMPLES: Record<string, (w: World) => Call & { missing?: Call }> = {
  'POST /api/bookings/:id/rating': (w) => ({
    params: { id: w.ratableVisit },
    body: { stars: 5, comment: 'Spotless, thank you!' },
    missing: { params: { id: randomUUID() }, body: { stars: 5, comment: 'Spotless, thank you!' } },
  }),
  'GET /api/ratings/:token': (w) => ({ params: { token: w.ratingToken } }),
  'POST /api/ratings/:token': (w) => ({
    params: { token: w.ratingToken },
    body: { stars: 4, comment: 'Very good' },
  }),
  'GET /api/admin/providers/:id/ratings': (w) => ({
    params: { id: w.provider },
    query: { page: '1', pageSize: '10' },
  }),
  'POST /api/admin/ratings/:id/hide': (w) => ({ params: { id: w.rating } }),
  'POST /api/admin/ratings/:id/show': (w) => ({ params: { id: w.rating } }),
};
