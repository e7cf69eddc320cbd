import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Knex } from 'knex';
import type { DayLog, Reported } from './working-day';

/** An outbox entry as the phone stored it (IndexedDB), in the parts counted here. */
export type PhoneEntry = {
  id: string;
  kind: string;
  bookingId: string;
  status: string;
  retryAt?: string;
};

/** What the database and the photo store hold for the provider, read once the network healed. */
export type ServerSide = {
  /** Punches applied (answered 200), by Idempotency-Key. */
  applied: { clientEventId: string; bookingId: string; type: string }[];
  photos: { clientPhotoId: string; bookingId: string; storageKey: string }[];
  /** Every object in the photo store under the provider's jobs. */
  objects: string[];
  /** Jobs the provider holds. */
  jobs: string[];
  slots: { dayOfWeek: number; startTime: string; endTime: string }[];
};

export async function readServerSide(
  knex: Knex,
  uploadsDir: string,
  email: string,
): Promise<ServerSide> {
  const provider = await knex('users').where({ email }).first('id');
  const jobs = (await knex('bookings').where({ providerId: provider.id }).select('id')).map(
    (b: { id: string }) => b.id,
  );
  const applied = await knex('providerEvents')
    .whereIn('bookingId', jobs)
    .where({ responseStatus: 200 })
    .select('clientEventId', 'bookingId', 'type');
  const photos = await knex('photos')
    .whereIn('bookingId', jobs)
    .select('clientPhotoId', 'bookingId', 'storageKey');
  const objects = (
    await Promise.all(
      jobs.map(async (job) =>
        (await readdir(path.join(uploadsDir, job)).catch(() => [])).map((f) => `${job}/${f}`),
      ),
    )
  ).flat();
  const slots = (
    await knex('availabilitySlots')
      .where({ providerId: provider.id, isActive: true })
      .select('dayOfWeek', 'startTime', 'endTime')
  ).map((s: { dayOfWeek: number; startTime: string; endTime: string }) => ({
    dayOfWeek: s.dayOfWeek,
    startTime: s.startTime.slice(0, 5),
    endTime: s.endTime.slice(0, 5),
  }));
  return { applied, photos, objects, jobs, slots };
}

const countBy = <T>(items: T[], key: (item: T) => string) => {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
};
const repeated = (counts: Map<string, number>) =>
  [...counts.values()].reduce((sum, n) => sum + Math.max(0, n - 1), 0);

/** What the app told the provider against what the server has, for accepts or slots. */
function reportedVsServer<T>(
  attempts: (T & { reported: Reported })[],
  onServer: (t: T) => boolean,
) {
  const said = (r: Reported) => attempts.filter((a) => a.reported === r);
  return {
    tried: attempts.length,
    saidSaved: said('saved').length,
    // Said saved, yet not on the server: the one outcome that misleads.
    savedButMissing: said('saved').filter((a) => !onServer(a)).length,
    saidFailed: said('failed').length,
    // Said failed, yet applied (its answer was lost): the app's lists, read from the server, show it.
    failedButApplied: said('failed').filter(onServer).length,
    noAnswer: said('no answer').length,
  };
}

/**
 * The counts the issue asks for: punches and photos the phone recorded against those the
 * server applied, applied twice, photo rows and objects without each other; and what the app
 * said of accepts and availability against what the server holds.
 */
export function tally(phone: PhoneEntry[], server: ServerSide, day: DayLog) {
  const punches = phone.filter((e) => e.kind !== 'photo');
  const photos = phone.filter((e) => e.kind === 'photo');
  const appliedKeys = new Set(server.applied.map((e) => e.clientEventId));
  const photoKeys = new Set(server.photos.map((p) => p.clientPhotoId));
  const objects = new Set(server.objects);
  const rowKeys = new Set(server.photos.map((p) => p.storageKey));
  // A refusal the app shows ("not applied") is an answer, not a loss.
  const kept = (e: PhoneEntry) => e.status !== 'rejected';
  const slotKey = (s: { dayOfWeek: number; startTime: string; endTime: string }) =>
    `${s.dayOfWeek} ${s.startTime}-${s.endTime}`;
  const serverSlots = new Set(server.slots.map(slotKey));
  const jobs = new Set(server.jobs);
  return {
    punches: {
      recorded: punches.length,
      applied: punches.filter((e) => appliedKeys.has(e.id)).length,
      refusedAndShown: punches.filter((e) => !kept(e)).length,
      lost: punches.filter((e) => kept(e) && !appliedKeys.has(e.id)).length,
      doubled: repeated(countBy(server.applied, (e) => `${e.bookingId} ${e.type}`)),
    },
    photos: {
      chosen: day.photosChosen,
      recorded: photos.length,
      rows: server.photos.length,
      objects: server.objects.length,
      refusedAndShown: photos.filter((e) => !kept(e)).length,
      lost: photos.filter((e) => kept(e) && !photoKeys.has(e.id)).length,
      doubled: repeated(countBy(server.photos, (p) => p.clientPhotoId)),
      orphanObjects: server.objects.filter((o) => !rowKeys.has(o)).length,
      orphanRows: server.photos.filter((p) => !objects.has(p.storageKey)).length,
    },
    accepts: reportedVsServer(day.accepts, (a) => jobs.has(a.bookingId)),
    slots: {
      ...reportedVsServer(day.slots, (s) => serverSlots.has(slotKey(s))),
      doubled: repeated(countBy(server.slots, slotKey)),
    },
    stuck: phone.filter((e) => e.status !== 'sent' && kept(e)).length,
  };
}

export type Tally = ReturnType<typeof tally>;
