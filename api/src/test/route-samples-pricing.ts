import type { Call } from './route-samples';
import type { World } from './route-world';

/** /admin/pricing's calls for the access-matrix and fuzz tests. */
export const PRICING_SAMPLES: Record<string, (w: World) => Call> = {
  'GET /api/admin/pricing': () => ({}),
  // A real change, so the owner's call makes a version; maximum wait pay, which no total uses,
  // so the routes tried after it meet the prices they expect.
  'PUT /api/admin/pricing': ({ pricing }) => ({
    body: {
      ...pricing.values,
      maxWaitPay: pricing.values.maxWaitPay === '100.00' ? '99.00' : '100.00',
      version: pricing.version,
      note: 'Matrix check',
    },
  }),
  'GET /api/admin/pricing/versions': () => ({ query: { page: '1' } }),
};
