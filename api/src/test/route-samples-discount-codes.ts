import { randomUUID } from 'node:crypto';
import type { Call } from './route-samples';
import type { World } from './route-world';

/** Sample calls of the admin's discount code routes (issue 34). */
export const DISCOUNT_CODE_SAMPLES: Record<string, (w: World) => Call & { missing?: Call }> = {
  'GET /api/admin/discount-codes': () => ({}),
  'POST /api/admin/discount-codes': () => ({
    // Unique, so one caller's create never turns the next one's into a 409.
    body: {
      code: `S-${randomUUID().slice(0, 8)}`,
      kind: 'percent',
      percentOff: 15,
      amountOff: null,
      serviceTypes: ['house'],
      firstBookingOnly: false,
      startsOn: '',
      endsOn: '',
      maxUses: 100,
      maxUsesPerClient: 1,
    },
  }),
  'PATCH /api/admin/discount-codes/:id': (w) => ({
    params: { id: w.discountCode },
    body: { active: true, maxUses: 1000 },
    missing: { params: { id: randomUUID() }, body: { active: true } },
  }),
};
