import type { ProviderJob } from '@twinclean/shared/provider-jobs';
import { describe, expect, it } from 'vitest';
import type { PhotoEntry } from '../outbox/entry';
import { ordinaryPhotos } from './ordinary-photos';

// Issue 32: a task's photo taken mid-visit is stored as a 'before' photo (the server takes
// 'after' ones only after clock-out); the job page's Before/After grid leaves it to its task.

const TASK_PHOTO = '11111111-1111-4111-8111-111111111111';
const BEFORE_PHOTO = '22222222-2222-4222-8222-222222222222';

const job = {
  id: 'b-1',
  beforePhotos: [`/api/photos/${BEFORE_PHOTO}`, `/api/photos/${TASK_PHOTO}`],
  afterPhotos: [],
  checklist: {
    version: 1,
    done: 0,
    total: 1,
    sections: [
      {
        key: 'kitchen',
        label: 'Kitchen',
        items: [{ key: 'kitchen:1', task: 'Sink', done: false, at: null, photoIds: [TASK_PHOTO] }],
      },
    ],
  },
} as unknown as ProviderJob;

const photo = (id: string, patch: Partial<PhotoEntry> = {}): PhotoEntry => ({
  id,
  providerId: 'p-1',
  kind: 'photo',
  bookingId: 'b-1',
  occurredAt: '2026-11-28T16:30:00.000Z',
  status: 'pending',
  photoType: 'before',
  fileName: `${id}.jpg`,
  offline: true,
  attempts: 0,
  ...patch,
});

describe('the job page’s Before/After photos', () => {
  it('leave out the server’s task photos, by the checklist’s photo ids', () => {
    expect(ordinaryPhotos(job, [], 'before').urls).toEqual([`/api/photos/${BEFORE_PHOTO}`]);
    // Without a checklist in the answer (older servers, the list) nothing is left out.
    expect(ordinaryPhotos({ ...job, checklist: null }, [], 'before').urls).toHaveLength(2);
  });

  it('leave out the phone’s own task photos, and the ones the server confirmed', () => {
    const entries = [
      photo('own'),
      photo('task', { checklistItemKey: 'kitchen:1' }),
      photo('sent', { status: 'sent' }),
      photo('after', { photoType: 'after' }),
    ];
    expect(ordinaryPhotos(job, entries, 'before').local.map((e) => e.id)).toEqual(['own']);
    expect(ordinaryPhotos(job, entries, 'after').local.map((e) => e.id)).toEqual(['after']);
  });
});
