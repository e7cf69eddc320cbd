import type { VisitChecklist } from '@twinclean/shared/checklists';
import { describe, expect, it } from 'vitest';
import type { ChecklistTickEntry, OutboxEntry, PhotoEntry } from '../outbox/entry';
import { shownChecklist } from './checklist-view';

// Issue 32: the phone's own ticks waiting to be sent win over the server's state; once sent, the
// server's answer wins as soon as it knows of them. Ticks of another version are not these tasks.

const checklist: VisitChecklist = {
  version: 2,
  sections: [
    {
      key: 'kitchen',
      label: 'Kitchen',
      items: [
        { key: 'kitchen:0', task: 'Counters wiped', done: false, at: null, photoIds: [] },
        {
          key: 'kitchen:1',
          task: 'Sink scrubbed',
          done: true,
          at: '2026-11-27T16:00:00.000Z',
          photoIds: ['ph-1'],
        },
      ],
    },
  ],
  done: 1,
  total: 2,
};

let seq = 0;
const tick = (patch: Partial<ChecklistTickEntry>): ChecklistTickEntry => ({
  seq: ++seq,
  id: `t-${seq}`,
  providerId: 'p-1',
  kind: 'checklist_tick',
  bookingId: 'b-1',
  occurredAt: '2026-11-27T16:05:00.000Z',
  status: 'pending',
  version: 2,
  itemKey: 'kitchen:0',
  task: 'Counters wiped',
  done: true,
  offline: true,
  attempts: 0,
  ...patch,
});
const states = (entries: OutboxEntry[]) =>
  shownChecklist(checklist, entries).sections[0]?.items.map((i) => [i.key, i.done, i.waiting]);

describe('a visit’s checklist on the phone', () => {
  it('is the server’s when the phone ticked nothing', () => {
    const shown = shownChecklist(checklist, []);
    expect(states([])).toEqual([
      ['kitchen:0', false, false],
      ['kitchen:1', true, false],
    ]);
    expect([shown.done, shown.total]).toEqual([1, 2]);
  });

  it('shows the phone’s waiting ticks over the server’s state, the last one per task', () => {
    const entries = [
      tick({ itemKey: 'kitchen:0', done: true }),
      tick({ itemKey: 'kitchen:1', task: 'Sink scrubbed', done: false }),
      tick({ itemKey: 'kitchen:0', done: false }),
      tick({ itemKey: 'kitchen:0', done: true, status: 'locating' as 'pending' }),
    ];
    expect(states(entries)).toEqual([
      ['kitchen:0', true, true],
      ['kitchen:1', false, true],
    ]);
    expect(shownChecklist(checklist, entries).done).toBe(1);
    // Waiting, it wins even over a later server state: the phone is what the provider just saw.
    const early = tick({
      itemKey: 'kitchen:1',
      done: false,
      occurredAt: '2026-11-27T15:00:00.000Z',
    });
    expect(states([early])?.[1]).toEqual(['kitchen:1', false, true]);
  });

  it('lets the server win once it knows of a sent tick, or of a newer one from elsewhere', () => {
    const sent = tick({ itemKey: 'kitchen:1', done: false, status: 'sent' });
    // The job not read again yet: the server's answer here predates the tick.
    expect(states([sent])?.[1]).toEqual(['kitchen:1', false, false]);
    // Another phone ticked it after this one.
    const older = tick({
      itemKey: 'kitchen:1',
      done: false,
      status: 'sent',
      occurredAt: '2026-11-27T15:00:00.000Z',
    });
    expect(states([older])?.[1]).toEqual(['kitchen:1', true, false]);
  });

  it('ignores ticks of another version and refused ones, saying why for the latter', () => {
    const otherVersion = tick({ version: 1 });
    const refused = tick({
      itemKey: 'kitchen:1',
      done: false,
      status: 'rejected',
      rejection: { message: 'This job was canceled.' },
    });
    const shown = shownChecklist(checklist, [otherVersion, refused]);
    expect(states([otherVersion, refused])).toEqual([
      ['kitchen:0', false, false],
      ['kitchen:1', true, false],
    ]);
    expect(shown.sections[0]?.items[1]?.refused).toBe('This job was canceled.');
  });

  it('puts a task’s photos still on the phone under that task only', () => {
    const photo: PhotoEntry = {
      ...tick({}),
      kind: 'photo',
      status: 'pending',
      photoType: 'before',
      checklistItemKey: 'kitchen:1',
    };
    const items = shownChecklist(checklist, [
      photo,
      { ...photo, id: 'x', checklistItemKey: undefined },
    ]).sections[0]?.items;
    expect(items?.[0]?.localPhotos).toEqual([]);
    expect(items?.[1]?.localPhotos.map((p) => p.id)).toEqual([photo.id]);
  });
});
