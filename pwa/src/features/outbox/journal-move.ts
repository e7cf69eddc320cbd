import type { OutboxEntry } from './entry';
import { keepEntry } from './storage';
import { forget, journaled } from './tap-journal';

/**
 * Puts a journaled punch in the outbox unless it is there already (by its uuid, in one
 * transaction), then drops it from the journal: whoever comes second, the tapping page or a
 * drain, adds nothing. Returns its seq.
 */
export async function keep(entry: OutboxEntry): Promise<number> {
  const seq = await keepEntry(entry);
  forget(entry.id);
  return seq;
}

/**
 * Moves every journaled punch into the outbox: those of pages closed or killed before their
 * recorder stored them, and those still being stored (`keep` makes that harmless). A moved
 * punch is still finding its location; once its page is gone, the drain's page looks for it
 * until its deadline (locate.ts), then lets it go. Returns how many there were.
 */
export async function moveJournal(): Promise<number> {
  const entries = journaled();
  for (const entry of entries) await keep(entry);
  return entries.length;
}
