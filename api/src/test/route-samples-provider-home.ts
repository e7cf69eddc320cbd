import { randomUUID } from 'node:crypto';
import type { Call } from './route-samples';
import type { World } from './route-world';

/** Sample call of the provider's home-notes route (issue 31). */
export const PROVIDER_HOME_SAMPLES: Record<string, (w: World) => Call & { missing?: Call }> = {
  'GET /api/provider/jobs/:id/home': (w) => ({
    params: { id: w.homeVisit },
    missing: { params: { id: randomUUID() } },
  }),
};
