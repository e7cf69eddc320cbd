import { randomUUID } from 'node:crypto';
import { addDays, chicagoDate } from '@twinclean/shared/schedule';
import type { Call } from './route-samples';
import type { World } from './route-world';

const inDays = (days: number) => addDays(chicagoDate(new Date()), days);

/** Recurring cleanings (issue 31): the client's, the regular provider's and the admin's routes. */
export const SERIES_SAMPLES: Record<string, (w: World) => Call & { missing?: Call }> = {
  'GET /api/series': () => ({}),
  'GET /api/series/:id': (w) => ({
    params: { id: w.series.id },
    missing: { params: { id: randomUUID() } },
  }),
  'POST /api/series/:id/preview': (w) => ({
    params: { id: w.series.id },
    body: { action: 'pause', until: inDays(12) },
    missing: { params: { id: randomUUID() }, body: { action: 'pause', until: inDays(12) } },
  }),
  'POST /api/series/:id/changes': (w) => ({
    params: { id: w.series.id },
    body: { action: 'skip', bookingId: w.series.visit },
    missing: { params: { id: randomUUID() }, body: { action: 'skip', bookingId: w.series.visit } },
  }),
  'POST /api/provider/jobs/:id/release': (w) => ({
    params: { id: w.series.visit },
    body: { reason: 'A family matter that day' },
    missing: { params: { id: randomUUID() }, body: { reason: 'A family matter that day' } },
  }),
  'POST /api/provider/jobs/:id/give-up-series': (w) => ({
    params: { id: w.series.visit },
    body: { reason: 'Moving away' },
    missing: { params: { id: randomUUID() }, body: { reason: 'Moving away' } },
  }),
  'GET /api/admin/series': (w) => ({
    query: { frequency: 'weekly', providerId: w.provider, paused: 'no', page: '1', pageSize: '10' },
  }),
  'GET /api/admin/series/:id': (w) => ({ params: { id: w.series.id } }),
  'POST /api/admin/series/:id/regular-provider': (w) => ({
    params: { id: w.series.id },
    body: { providerId: null },
  }),
  'POST /api/admin/series/:id/preview': (w) => ({
    params: { id: w.series.id },
    body: { action: 'cancel', reason: 'The client called' },
  }),
  'POST /api/admin/series/:id/changes': (w) => ({
    params: { id: w.series.id },
    body: { action: 'pause', until: inDays(20) },
  }),
};
