import type { Call } from './route-samples';
import type { World } from './route-world';

/** The admin Clients and Providers routes (api/src/modules/admin-people). */
export const PEOPLE_SAMPLES: Record<string, (w: World) => Call> = {
  'GET /api/admin/clients': () => ({
    query: { q: 'matrix', sort: 'totalPaid', dir: 'desc', state: 'active', membership: 'none' },
  }),
  'GET /api/admin/clients/:id': (w) => ({ params: { id: w.client } }),
  'GET /api/admin/providers': () => ({
    query: { q: 'matrix', sort: 'monthEarnings', dir: 'desc', state: 'active' },
  }),
  'GET /api/admin/providers/:id': (w) => ({ params: { id: w.provider } }),
  'POST /api/admin/providers/:id/vip': (w) => ({ params: { id: w.provider }, body: { vip: true } }),
};
