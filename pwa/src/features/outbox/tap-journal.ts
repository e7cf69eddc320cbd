import type { OutboxEntry } from './entry';

// A punch is written here, synchronously, in the tap's own event: the outbox (IndexedDB through
// Dexie) loads only after the first tap on a first visit, and a page closed or killed while it
// loads must not lose the punch. The recorder moves each entry into the outbox and then drops it
// here; whatever it never moved, the next drain moves (journal-move.ts). One key per entry, so
// two tabs never overwrite each other's.

const PREFIX = 'twinclean-outbox-journal:';

/** Writes the punch to the journal; false when this browser's storage refuses it. */
export function journal(entry: OutboxEntry): boolean {
  try {
    localStorage.setItem(PREFIX + entry.id, JSON.stringify(entry));
    return true;
  } catch {
    return false;
  }
}

/** Drops a punch the outbox now holds. */
export function forget(id: string): void {
  localStorage.removeItem(PREFIX + id);
}

/** Every punch journaled and not yet moved to the outbox. */
export function journaled(): OutboxEntry[] {
  const entries: OutboxEntry[] = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (!key?.startsWith(PREFIX)) continue;
    try {
      entries.push(JSON.parse(localStorage.getItem(key) ?? '') as OutboxEntry);
    } catch {
      // Only this module writes these keys; an unreadable one holds nothing to keep.
    }
  }
  return entries;
}

export const hasJournal = (): boolean => journaled().length > 0;
