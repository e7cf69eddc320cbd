import type { Call } from './route-samples';
import type { World } from './route-world';

/** Sample calls of the admin's weekly transfer routes (issue 33). */
export const TRANSFER_SAMPLES: Record<string, (w: World) => Call & { missing?: Call }> = {
  'GET /api/admin/payout-transfers': (w) => ({
    query: { status: 'failed', providerId: w.provider, page: '1' },
  }),
  'GET /api/admin/payout-transfers/:id': (w) => ({ params: { id: w.transfers.failed } }),
  'POST /api/admin/payout-transfers/:id/retry': (w) => ({ params: { id: w.transfers.failed } }),
  'POST /api/admin/payout-transfers/:id/cancel': (w) => ({ params: { id: w.transfers.failed } }),
  'GET /api/admin/exports/payout-transfers.csv': (w) => ({
    query: { status: 'failed', providerId: w.provider },
  }),
};
