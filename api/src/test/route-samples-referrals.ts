import type { Call } from './route-samples';
import type { World } from './route-world';

/** Sample calls of the referral credit routes (issue 34): nothing to aim at but the caller. */
export const REFERRAL_SAMPLES: Record<string, (w: World) => Call & { missing?: Call }> = {
  'GET /api/client/credits': () => ({}),
  'GET /api/admin/referrals': () => ({}),
};
