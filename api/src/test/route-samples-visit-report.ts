import { randomUUID } from 'node:crypto';
import type { Call } from './route-samples';
import type { World } from './route-world';

const own = (id: string) => ({ params: { id }, missing: { params: { id: randomUUID() } } });

/** Sample calls of the proof-of-visit report's routes (issue 32; visit-report-world.ts). */
export const VISIT_REPORT_SAMPLES: Record<string, (w: World) => Call & { missing?: Call }> = {
  'GET /api/bookings/:id/visit-report': (w) => own(w.visitReport.visit),
  'GET /api/bookings/:id/visit-report/pdf': (w) => own(w.visitReport.visit),
  'GET /api/admin/bookings/:id/visit-report': (w) => ({ params: { id: w.visitReport.visit } }),
  'GET /api/admin/bookings/:id/visit-report/pdf': (w) => ({ params: { id: w.visitReport.visit } }),
  'GET /api/visit-reports/:token': (w) => ({ params: { token: w.visitReport.token } }),
  'GET /api/visit-reports/:token/pdf': (w) => ({ params: { token: w.visitReport.token } }),
  'GET /api/visit-reports/:token/photos/:photoId': (w) => ({
    params: { token: w.visitReport.token, photoId: w.visitReport.photo },
  }),
};
