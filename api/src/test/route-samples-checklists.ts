import { randomUUID } from 'node:crypto';
import type { Call } from './route-samples';
import type { World } from './route-world';

/** A tick of the world's visit's first kitchen task, as the phone's outbox sends it. */
const tick = (version: number) => ({
  version,
  itemKey: 'kitchen:0',
  done: true,
  occurredAt: new Date().toISOString(),
  deviceSeq: 1,
});

/** The checklists' calls for the access-matrix and fuzz tests (checklists-world.ts). */
export const CHECKLIST_SAMPLES: Record<string, (w: World) => Call & { missing?: Call }> = {
  'GET /api/checklists': () => ({}),
  'GET /api/admin/checklists': () => ({}),
  // A real change, so the owner's call makes a version.
  'PUT /api/admin/checklists': ({ checklists }) => ({
    body: {
      lists: {
        ...checklists.lists,
        rooms: { ...checklists.lists.rooms, hallways: [`Matrix check ${randomUUID()}`] },
      },
      version: checklists.version,
      note: 'Matrix check',
    },
  }),
  'POST /api/provider/jobs/:id/checklist': ({ checklists }) => ({
    params: { id: checklists.job },
    body: tick(checklists.version),
    headers: { 'Idempotency-Key': randomUUID() },
    missing: {
      params: { id: randomUUID() },
      body: tick(checklists.version),
      headers: { 'Idempotency-Key': randomUUID() },
    },
  }),
};
