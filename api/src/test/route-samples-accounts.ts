import { randomUUID } from 'node:crypto';
import type { Call } from './route-samples';
import type { World } from './route-world';

/** Sample calls of the account, admin-account and provider-application routes (issue 17). */
export const ACCOUNT_SAMPLES: Record<string, (w: World) => Call & { missing?: Call }> = {
  'POST /api/admin/users/:id/deactivate': (w) => ({ params: { id: w.accounts.activeAccount } }),
  'POST /api/admin/users/:id/reactivate': (w) => ({ params: { id: w.accounts.inactiveAccount } }),
  'GET /api/admin/admins': () => ({ query: { page: '1' } }),
  'POST /api/admin/admins': () => ({
    body: {
      firstName: 'Ines',
      lastName: 'Invited',
      email: `invited-${randomUUID()}@example.com`,
      role: 'admin_staff',
    },
  }),
  'PATCH /api/admin/admins/:id': (w) => ({
    params: { id: w.accounts.staffAccount },
    body: { role: 'admin_owner' },
  }),
  'GET /api/admin/provider-applications': () => ({ query: { status: 'new', q: 'avery' } }),
  'GET /api/admin/provider-applications/:id': (w) => ({ params: { id: w.accounts.application } }),
  'POST /api/admin/provider-applications/:id/approve': (w) => ({
    params: { id: w.accounts.application },
  }),
  'POST /api/admin/provider-applications/:id/reject': (w) => ({
    params: { id: w.accounts.application },
  }),
};
