import zipcodes from 'zipcodes';
import type { Call } from './route-samples';
import type { World } from './route-world';

/**
 * The list the migration serves (Minnesota ZIPs within 25 miles of 55401): the owner's save
 * below keeps it, so the routes walked after it still book in Minneapolis.
 */
const DEFAULT_ZIPS = zipcodes
  .radius('55401', 25, true)
  .filter((place) => place.state === 'MN')
  .map((place) => place.zip)
  .sort();

/** Sample calls of the admin's service-area and waitlist routes (issue 34). */
export const ADMIN_SERVICE_AREA_SAMPLES: Record<string, (w: World) => Call & { missing?: Call }> = {
  'GET /api/admin/service-area': () => ({}),
  'PUT /api/admin/service-area': () => ({ body: { zips: DEFAULT_ZIPS } }),
  'GET /api/admin/waitlist': () => ({ query: { zip: '55802', serviceType: 'house' } }),
  'GET /api/admin/exports/waitlist.csv': () => ({
    query: { zip: '55802', serviceType: 'house' },
  }),
  'POST /api/admin/waitlist/:zip/notify': () => ({ params: { zip: '55401' } }),
};
