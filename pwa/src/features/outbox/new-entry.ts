import type { OutboxEntry } from './entry';

/** What every new entry starts with, whatever its kind: its uuid, whose and when. */
export type EntryStart = Pick<
  OutboxEntry,
  'id' | 'providerId' | 'bookingId' | 'occurredAt' | 'offline' | 'attempts'
>;

/** A new entry's start, now: for the tap (tap.ts) and for photos (record.ts). */
export const startEntry = (providerId: string, bookingId: string): EntryStart => ({
  id: crypto.randomUUID(),
  providerId,
  bookingId,
  occurredAt: new Date().toISOString(),
  offline: !navigator.onLine,
  attempts: 0,
});
