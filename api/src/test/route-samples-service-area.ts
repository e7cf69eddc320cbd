import type { Call } from './route-samples';
import type { World } from './route-world';

/** Sample calls of the service area's, the waitlist's and the discount codes' routes (issue 34). */
export const SERVICE_AREA_SAMPLES: Record<string, (w: World) => Call & { missing?: Call }> = {
  'GET /api/service-area/:zip': () => ({ params: { zip: '55802' } }),
  'POST /api/discount-codes/check': () => ({ body: { code: 'SPRING25', serviceType: 'house' } }),
  'POST /api/waitlist': () => ({
    body: { email: 'duluth@example.com', zip: '55802', serviceType: 'house' },
  }),
};
