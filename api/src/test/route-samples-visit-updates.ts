import { randomUUID } from 'node:crypto';
import type { Call } from './route-samples';
import type { World } from './route-world';

const NEAR_HOME = { latitude: 44.96, longitude: -93.27, accuracy: 15 };

/** Sample calls of the visit updates' routes (issue 32). */
export const VISIT_UPDATE_SAMPLES: Record<string, (w: World) => Call & { missing?: Call }> = {
  'GET /api/client/visit-updates': () => ({}),
  'PUT /api/client/visit-updates': () => ({
    // Not the world's secret number: every client may see the number they sent themselves.
    body: { phone: '(612) 555-0142', byEmail: true, byText: true },
  }),
  'POST /api/provider/on-my-way/:id': (w) => ({
    params: { id: w.readyJob },
    body: NEAR_HOME,
    headers: { 'Idempotency-Key': randomUUID() },
    missing: {
      params: { id: randomUUID() },
      body: NEAR_HOME,
      headers: { 'Idempotency-Key': randomUUID() },
    },
  }),
};
