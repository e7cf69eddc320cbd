import Dexie, { type EntityTable, liveQuery } from 'dexie';
import type { KeptEntryNotes } from '../../lib/entry-notes-rule';
import type { EntryPatch, OutboxEntry, PhotoBytes, PhotoEntry } from './entry';

// The one module that opens the outbox's database (IndexedDB through Dexie); everything else
// calls the functions below. It loads only where it is needed (store.ts): Dexie is a sixth of
// the app's JavaScript.

const outboxDb = new Dexie('twinclean-outbox') as Dexie & {
  entries: EntityTable<OutboxEntry, 'seq'>;
  photoBytes: EntityTable<PhotoBytes, 'id'>;
  entryNotes: EntityTable<KeptEntryNotes, 'bookingId'>;
};

// Fields added since (locateBy, serverErrors, finalPrice…) are not indexed, so rows stored by an
// older app need no upgrade. A new index means a new version() beside this one, never instead.
outboxDb.version(1).stores({
  entries: '++seq, &id, providerId, [providerId+status], bookingId',
  photoBytes: 'id',
});
// Issue 31: a home's entry notes, kept for an assigned visit inside its window (kept-notes.ts).
// Version 1's tables carry on unchanged; only the new table is declared.
outboxDb.version(2).stores({ entryNotes: 'bookingId, providerId' });

/** A stored entry as it is now. */
export const getEntry = (seq: number): Promise<OutboxEntry | undefined> =>
  outboxDb.entries.get(seq);

/** The provider's entries still to send, ready or finding their location, oldest first. */
export async function unsentEntries(providerId: string): Promise<OutboxEntry[]> {
  const entries = await outboxDb.entries
    .where('[providerId+status]')
    .anyOf([
      [providerId, 'locating'],
      [providerId, 'pending'],
    ])
    .toArray();
  return entries.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
}

/**
 * Puts an entry in the outbox unless it is there already (by its uuid, in one transaction), so
 * whoever comes second adds nothing. Returns its seq.
 */
export function keepEntry(entry: OutboxEntry): Promise<number> {
  return outboxDb.transaction('rw', outboxDb.entries, async () => {
    const stored = await outboxDb.entries.get({ id: entry.id });
    return stored?.seq ?? ((await outboxDb.entries.add(entry)) as number);
  });
}

/**
 * Changes a punch still 'locating', in one transaction: once it is not (settled by someone else,
 * maybe sent already), nothing changes.
 */
export async function settleLocating(seq: number, patch: EntryPatch): Promise<void> {
  await outboxDb.transaction('rw', outboxDb.entries, async () => {
    const entry = await outboxDb.entries.get(seq);
    if (entry?.status !== 'locating') return;
    await outboxDb.entries.update(seq, patch);
  });
}

/**
 * Records an attempt's outcome on an entry and, once the server has a photo, drops its bytes
 * (`dropPhotoBytes`), in one transaction.
 */
export async function saveAttempt(
  seq: number,
  patch: EntryPatch,
  dropPhotoBytes?: string,
): Promise<void> {
  await outboxDb.transaction('rw', outboxDb.entries, outboxDb.photoBytes, async () => {
    await outboxDb.entries.update(seq, patch);
    if (dropPhotoBytes !== undefined) await outboxDb.photoBytes.delete(dropPhotoBytes);
  });
}

/** Stores photos with their bytes, all or none (raw ones as chosen, see raw-photos.ts). */
export async function addPhotos(
  photos: readonly { entry: PhotoEntry; bytes: PhotoBytes }[],
): Promise<void> {
  await outboxDb.transaction('rw', outboxDb.entries, outboxDb.photoBytes, async () => {
    for (const { entry, bytes } of photos) {
      await outboxDb.entries.add(entry);
      await outboxDb.photoBytes.add(bytes);
    }
  });
}

/** The provider's photos kept as chosen and not yet compressed, oldest first. */
export async function rawPhotos(providerId: string): Promise<PhotoEntry[]> {
  const entries = await outboxDb.entries.where({ providerId, status: 'raw' }).toArray();
  return entries
    .filter((e): e is PhotoEntry => e.kind === 'photo')
    .sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
}

/** A kept photo's raw bytes while it is still raw; none once anyone has compressed it. */
export const rawBytes = (id: string): Promise<PhotoBytes | undefined> =>
  outboxDb.transaction('r', outboxDb.entries, outboxDb.photoBytes, async () => {
    const entry = await outboxDb.entries.get({ id });
    return entry?.status === 'raw' ? outboxDb.photoBytes.get(id) : undefined;
  });

/**
 * Puts a kept photo's compressed bytes (and size) in place of its raw ones and lets it be sent,
 * in one transaction, only while it is still raw: whoever compressed it second changes nothing.
 * Returns whether this call did.
 */
export function finishPhoto(
  bytes: PhotoBytes,
  size: { width: number; height: number } | null,
): Promise<boolean> {
  return outboxDb.transaction('rw', outboxDb.entries, outboxDb.photoBytes, async () => {
    const entry = await outboxDb.entries.get({ id: bytes.id });
    if (entry?.seq === undefined || entry.status !== 'raw') return false;
    await outboxDb.entries.update(entry.seq, { status: 'pending', ...size });
    await outboxDb.photoBytes.put(bytes);
    return true;
  });
}

/** A photo's stored bytes; none once the server has confirmed it. */
export const getPhotoBytes = (id: string): Promise<PhotoBytes | undefined> =>
  outboxDb.photoBytes.get(id);

/** A live read: its value now and after every change to the outbox, in any tab. */
export type Watch<T> = {
  subscribe(observer: { next: (value: T) => void; error: (error: unknown) => void }): {
    unsubscribe(): void;
  };
};

/** Everything the phone recorded for one job, oldest first. */
export const watchJobEntries = (bookingId: string): Watch<OutboxEntry[]> =>
  liveQuery(() => outboxDb.entries.where({ bookingId }).sortBy('seq'));

/** The provider's entries not yet confirmed, and the refused ones, oldest first. */
export const watchUnsettledEntries = (providerId: string): Watch<OutboxEntry[]> =>
  liveQuery(() =>
    outboxDb.entries
      .where('providerId')
      .equals(providerId)
      .filter((e) => e.status !== 'sent')
      .sortBy('seq'),
  );

/** A stored photo's bytes, while it has them. */
export const watchPhotoBytes = (id: string): Watch<PhotoBytes | undefined> =>
  liveQuery(() => outboxDb.photoBytes.get(id));

/** Keeps (or replaces) a visit's home notes for offline use. */
export async function putEntryNotes(row: KeptEntryNotes): Promise<void> {
  await outboxDb.entryNotes.put(row);
}

/** Every visit's kept home notes on this phone, whoever kept them. */
export const allEntryNotes = (): Promise<KeptEntryNotes[]> => outboxDb.entryNotes.toArray();

/** Forgets the kept notes of these visits. */
export async function dropEntryNotes(bookingIds: readonly string[]): Promise<void> {
  await outboxDb.entryNotes.bulkDelete([...bookingIds]);
}

/** Forgets every kept note (signing out). */
export async function dropAllEntryNotes(): Promise<void> {
  await outboxDb.entryNotes.clear();
}

/** The visits among these with a clock-out recorded on this phone and not refused. */
export async function clockedOutHere(bookingIds: readonly string[]): Promise<Set<string>> {
  const entries = await outboxDb.entries
    .where('bookingId')
    .anyOf([...bookingIds])
    .toArray();
  return new Set(
    entries
      .filter((e) => e.kind === 'clock_out' && e.status !== 'rejected')
      .map((e) => e.bookingId),
  );
}

/** A visit's kept home notes, live. */
export const watchEntryNotes = (bookingId: string): Watch<KeptEntryNotes | undefined> =>
  liveQuery(() => outboxDb.entryNotes.get(bookingId));
