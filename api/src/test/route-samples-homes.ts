import { randomUUID } from 'node:crypto';
import type { Call } from './route-samples';
import type { World } from './route-world';

const HOME = {
  label: 'Home',
  address: '3348 Hennepin Ave',
  city: 'Minneapolis',
  state: 'MN',
  zipCode: '55408',
  rooms: null,
  hasPets: false,
  petDetails: '',
  parkingNotes: 'Driveway',
  entryNotes: 'Key under the mat',
};

/** Sample calls of a client's saved homes (issue 31). */
export const HOMES_SAMPLES: Record<string, (w: World) => Call & { missing?: Call }> = {
  'GET /api/homes': () => ({}),
  'POST /api/homes': () => ({ body: HOME }),
  'GET /api/homes/:id': (w) => ({
    params: { id: w.home },
    missing: { params: { id: randomUUID() } },
  }),
  'PUT /api/homes/:id': (w) => ({
    params: { id: w.home },
    body: HOME,
    missing: { params: { id: randomUUID() }, body: HOME },
  }),
  'DELETE /api/homes/:id': (w) => ({
    params: { id: w.home },
    missing: { params: { id: randomUUID() } },
  }),
};
