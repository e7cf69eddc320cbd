import { randomUUID } from 'node:crypto';
import type { Call } from './route-samples';
import type { World } from './route-world';

/** Sample calls of the tips' routes (issue 32). */
export const TIPS_SAMPLES: Record<string, (w: World) => Call & { missing?: Call }> = {
  'POST /api/bookings/:id/tips': (w) => ({
    params: { id: w.tips.visit },
    body: { percent: 20 },
    missing: { params: { id: randomUUID() }, body: { percent: 20 } },
  }),
  'POST /api/bookings/:id/tips/record': (w) => ({
    params: { id: w.tips.visit },
    body: { paymentIntentId: w.tips.paidIntent },
    missing: { params: { id: randomUUID() }, body: { paymentIntentId: w.tips.paidIntent } },
  }),
  'POST /api/visit-reports/:token/tips': (w) => ({
    params: { token: w.tips.token },
    body: { amount: '12.50' },
  }),
  'POST /api/visit-reports/:token/tips/record': (w) => ({
    params: { token: w.tips.token },
    body: { paymentIntentId: w.tips.tokenPaidIntent },
  }),
};
