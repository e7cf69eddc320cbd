import { randomUUID } from 'node:crypto';
import type { Call } from './route-samples';
import type { World } from './route-world';

/** Sample calls of the final-price consent's routes (issue 26). */
export const FINAL_PRICE_SAMPLES: Record<string, (w: World) => Call & { missing?: Call }> = {
  'POST /api/bookings/:id/approve-price': (w) => ({
    params: { id: w.proposalBooking },
    body: { totalAmount: '450.00' },
    missing: { params: { id: randomUUID() }, body: { totalAmount: '450.00' } },
  }),
  'POST /api/pay/:token/approve-price': (w) => ({
    params: { token: w.proposalToken },
    body: { totalAmount: '450.00' },
  }),
  'POST /api/admin/bookings/:id/approve-price': (w) => ({
    params: { id: w.proposalBooking },
    body: { totalAmount: '450.00', note: 'The client approved it on the phone' },
  }),
};
