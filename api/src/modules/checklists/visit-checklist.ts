import {
  type ChecklistLists,
  checklistSections,
  type VisitChecklist,
} from '@twinclean/shared/checklists';
import type { Knex } from 'knex';
import { Booking } from '../../models/booking';
import { BookingAddOn } from '../../models/booking-add-on';
import { ChecklistTick, ChecklistVersion } from '../../models/checklist';
import { HouseCleaningDetails } from '../../models/house-cleaning-details';
import { Photo } from '../../models/photo';
import { currentChecklists } from './versions';

type Section = { key: string; label: string; tasks: string[] };

/** The lists a visit follows: the version of its first tick, else the current one. */
export async function listsOf(
  db: Knex,
  booking: Pick<Booking, 'checklistVersion'>,
): Promise<ChecklistVersion> {
  const kept = booking.checklistVersion
    ? await ChecklistVersion.query(db).findById(booking.checklistVersion)
    : undefined;
  return kept ?? currentChecklists(db);
}

/** A visit's sections under `lists`: its rooms (house details) and its add-ons, in their order. */
export async function sectionsOf(
  db: Knex,
  bookingId: string,
  lists: ChecklistLists,
): Promise<Section[]> {
  // One after the other: `db` may be a transaction, which answers one query at a time.
  const house = await HouseCleaningDetails.query(db).findById(bookingId).select('selectedRooms');
  const lines = await BookingAddOn.query(db).where({ bookingId }).withGraphFetched('addOn');
  const addOns = lines
    .flatMap((line) => (line.addOn ? [line.addOn] : []))
    .sort((a, b) => a.sortOrder - b.sortOrder || a.name.localeCompare(b.name))
    .map(({ id, name }) => ({ id, name }));
  return checklistSections(lists, house?.selectedRooms ?? [], addOns);
}

/** The task at `itemKey` (`{section}:{index}`) among `sections`, if there is one. */
export function taskAt(sections: Section[], itemKey: string): string | undefined {
  const at = itemKey.lastIndexOf(':');
  const index = itemKey.slice(at + 1);
  if (at < 0 || !/^(0|[1-9][0-9]*)$/.test(index)) return undefined;
  return sections.find((s) => s.key === itemKey.slice(0, at))?.tasks[Number(index)];
}

type Ordered = Pick<ChecklistTick, 'occurredAt' | 'deviceSeq' | 'id'>;

/**
 * Which of two ticks of one task happened later: by the phone's time, then its sequence (a
 * missing one is earliest), then the order the server kept them in. The latest one is the task's
 * state, whatever order the ticks arrived in.
 */
export function laterTick(a: Ordered, b: Ordered): boolean {
  const at = a.occurredAt.getTime() - b.occurredAt.getTime();
  if (at !== 0) return at > 0;
  const seq = (a.deviceSeq ?? -1) - (b.deviceSeq ?? -1);
  if (seq !== 0) return seq > 0;
  return a.id > b.id;
}

/** The latest applied tick of each task of a visit. */
export async function latestTicks(
  db: Knex,
  bookingId: string,
): Promise<Map<string, ChecklistTick>> {
  const ticks = await ChecklistTick.query(db).where({ bookingId, responseStatus: 200 });
  const latest = new Map<string, ChecklistTick>();
  for (const tick of ticks) {
    const kept = latest.get(tick.itemKey);
    if (!kept || laterTick(tick, kept)) latest.set(tick.itemKey, tick);
  }
  return latest;
}

/**
 * A visit's checklist: one section per room of the booking and per add-on, each task with its
 * latest tick and the photos taken for it; null when the visit has nothing to check (a laundry
 * order without add-ons) or does not exist. For the provider's job page and the visit report.
 */
export async function visitChecklist(db: Knex, bookingId: string): Promise<VisitChecklist | null> {
  const booking = await Booking.query(db).findById(bookingId).select('id', 'checklistVersion');
  if (!booking) return null;
  const { version, lists } = await listsOf(db, booking);
  const sections = await sectionsOf(db, bookingId, lists);
  if (!sections.length) return null;
  const latest = await latestTicks(db, bookingId);
  const photos = await Photo.query(db)
    .where({ bookingId })
    .whereNotNull('checklistItemKey')
    .select('id', 'checklistItemKey')
    .orderBy([{ column: 'createdAt' }, { column: 'id' }]);
  let done = 0;
  let total = 0;
  const result = sections.map((section) => ({
    key: section.key,
    label: section.label,
    items: section.tasks.map((task, index) => {
      const key = `${section.key}:${index}`;
      const tick = latest.get(key);
      total += 1;
      if (tick?.done) done += 1;
      return {
        key,
        task,
        done: tick?.done ?? false,
        at: tick ? tick.occurredAt.toISOString() : null,
        photoIds: photos.filter((p) => p.checklistItemKey === key).map((p) => p.id),
      };
    }),
  }));
  return { version, sections: result, done, total };
}
