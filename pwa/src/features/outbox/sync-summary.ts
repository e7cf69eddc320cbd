import type { EntryKind, OutboxEntry } from './entry';

export type Failing = OutboxEntry & { serverErrors: NonNullable<OutboxEntry['serverErrors']> };

// Two server errors in a row can be a deploy; from the third the provider is told plainly.
const FAILING_AFTER = 3;
export const isFailing = (e: OutboxEntry): e is Failing =>
  (e.serverErrors?.count ?? 0) >= FAILING_AFTER;

/** What the sync badge and its dialog show of the unsettled entries. */
export function syncSummary(entries: readonly OutboxEntry[], signedOutNow: boolean) {
  const waiting = entries.filter((e) => e.status !== 'rejected');
  const rejected = entries.filter((e) => e.status === 'rejected');
  const failing = waiting.filter(isFailing);
  const signedOut = signedOutNow && waiting.length > 0;
  return { waiting, rejected, failing, signedOut };
}

const kindName: Record<Exclude<EntryKind, 'checklist_tick'>, string> = {
  clock_in: 'Clock-in',
  clock_out: 'Clock-out',
  en_route: 'On my way',
  photo: 'Photo',
};

/** What the sync queue calls an entry: "Clock-in", "On my way", "Checklist: <task> (done)". */
export function entryName(e: OutboxEntry): string {
  if (e.kind !== 'checklist_tick') return kindName[e.kind];
  return `Checklist: ${e.task} (${e.done ? 'done' : 'not done'})`;
}
