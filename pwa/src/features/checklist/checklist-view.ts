import type { VisitChecklist, VisitChecklistItem } from '@twinclean/shared/checklists';
import type { ChecklistTickEntry, OutboxEntry, PhotoEntry } from '../outbox/entry';

/** A task as the phone shows it: the server's state, or this phone's own newer tick. */
export type ShownTask = VisitChecklistItem & {
  /** Ticked here and not yet confirmed by the server. */
  waiting: boolean;
  /** The server refused this phone's last tick of it (for good): why. */
  refused: string | null;
  /** Photos taken here for this task and not yet on the server. */
  localPhotos: PhotoEntry[];
};

export type ShownChecklist = Omit<VisitChecklist, 'sections'> & {
  sections: { key: string; label: string; items: ShownTask[] }[];
};

/**
 * The visit's checklist as the server last said, with this phone's ticks on top: a tick still
 * waiting to be sent wins (offline, the phone is the only one who knows), and so does a sent one
 * the server's answer here predates (the job is read again after a sync). Ticks of another
 * version than the one shown are not of these tasks. `entries` come oldest first.
 */
export function shownChecklist(
  checklist: VisitChecklist,
  entries: readonly OutboxEntry[],
): ShownChecklist {
  const latest = new Map<string, ChecklistTickEntry>();
  const refused = new Map<string, string>();
  for (const e of entries) {
    if (e.kind !== 'checklist_tick' || e.version !== checklist.version) continue;
    if (e.status === 'rejected') {
      refused.set(e.itemKey, e.rejection?.message ?? 'Not applied');
      continue;
    }
    latest.set(e.itemKey, e);
    refused.delete(e.itemKey);
  }
  let done = 0;
  let total = 0;
  const sections = checklist.sections.map((section) => ({
    ...section,
    items: section.items.map((item): ShownTask => {
      const tick = latest.get(item.key);
      const wins =
        tick !== undefined &&
        (tick.status !== 'sent' ||
          item.at === null ||
          new Date(item.at).getTime() < new Date(tick.occurredAt).getTime());
      const shown = wins ? { ...item, done: tick.done, at: tick.occurredAt } : item;
      total += 1;
      if (shown.done) done += 1;
      return {
        ...shown,
        waiting: wins && tick.status !== 'sent',
        refused: refused.get(item.key) ?? null,
        localPhotos: entries.filter(
          (e): e is PhotoEntry =>
            e.kind === 'photo' && e.checklistItemKey === item.key && e.status !== 'sent',
        ),
      };
    }),
  }));
  return { ...checklist, sections, done, total };
}
