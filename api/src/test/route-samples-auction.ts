import type { Call } from './route-samples';
import type { World } from './route-world';

/** The admin auction board routes (api/src/modules/auction). */
export const AUCTION_SAMPLES: Record<string, (w: World) => Call> = {
  'GET /api/admin/auction': () => ({ query: { page: '1' } }),
  'POST /api/admin/auction': (w) => ({ body: { bookingId: w.auction.unposted, bonus: '25.00' } }),
  'POST /api/admin/auction/:id/withdraw': (w) => ({ params: { id: w.auction.post } }),
};
