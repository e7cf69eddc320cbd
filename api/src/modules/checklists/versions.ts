import {
  type AdminChecklists,
  CHECKLIST_ROOM_LABELS,
  CHECKLIST_ROOMS,
  type ChecklistLists,
  type ChecklistSaveInput,
  type PublicChecklists,
} from '@twinclean/shared/checklists';
import type { Knex } from 'knex';
import { audit } from '../../core/audit';
import { lockKey } from '../../db/locks';
import { AppError } from '../../errors';
import { requestFingerprint } from '../../http/idempotency';
import { AddOn } from '../../models/add-on';
import { ChecklistVersion } from '../../models/checklist';
import { User } from '../../models/user';

// DECISIONS.md "Visit updates, checklists, tips": the task lists are versioned like prices. A
// version is never changed once saved: a visit's ticks name tasks by position in the version it
// follows (bookings.checklist_version), so an edit is always a new version.

/** How many versions the editor lists under the form, newest first. */
export const CHECKLIST_HISTORY_SIZE = 50;
export const NOTHING_CHANGED_MESSAGE = 'Nothing changed.';
export const STALE_CHECKLISTS_MESSAGE =
  'The checklists were changed by someone else; reload to see them.';

/** The lists new visits get: the newest version. */
export async function currentChecklists(db: Knex): Promise<ChecklistVersion> {
  const row = await ChecklistVersion.query(db).orderBy('version', 'desc').first();
  // The migration writes version 1, and versions are never deleted.
  if (!row) throw new Error('checklist_versions has no row');
  return row;
}

/** GET /api/checklists (public, /services): the current rooms' tasks in the site's order. */
export async function publicChecklists(db: Knex): Promise<PublicChecklists> {
  const { version, lists } = await currentChecklists(db);
  return {
    version,
    rooms: CHECKLIST_ROOMS.filter((room) => (lists.rooms[room] ?? []).length > 0).map((room) => ({
      room,
      label: CHECKLIST_ROOM_LABELS[room],
      tasks: lists.rooms[room] ?? [],
    })),
  };
}

async function history(db: Knex): Promise<AdminChecklists['history']> {
  const rows = await ChecklistVersion.query(db)
    .orderBy('version', 'desc')
    .limit(CHECKLIST_HISTORY_SIZE);
  const ids = [...new Set(rows.flatMap((r) => (r.createdBy ? [r.createdBy] : [])))];
  const people = ids.length
    ? await User.query(db).findByIds(ids).select('id', 'firstName', 'lastName')
    : [];
  const nameOf = new Map(people.map((p) => [p.id, `${p.firstName} ${p.lastName}`.trim()]));
  return rows.map((row) => ({
    version: row.version,
    createdAt: new Date(row.createdAt).toISOString(),
    // Version 1 came with the site, and an owner's account may be gone: nobody to name.
    createdBy: (row.createdBy && nameOf.get(row.createdBy)) || null,
    note: row.note,
  }));
}

const addOnsInOrder = (db: Knex) =>
  AddOn.query(db)
    .select('id', 'name')
    .orderBy([{ column: 'sortOrder' }, { column: 'name' }]);

/** GET /api/admin/checklists (every admin): the current lists, the add-ons, the versions. */
export async function adminChecklists(db: Knex): Promise<AdminChecklists> {
  const [current, addOns, versions] = await Promise.all([
    currentChecklists(db),
    addOnsInOrder(db),
    history(db),
  ]);
  return {
    version: current.version,
    lists: current.lists,
    addOns: addOns.map((a) => ({ id: a.id, name: a.name })),
    history: versions,
  };
}

/**
 * An add-on's empty list is no list (the visit shows the add-on's name as its one task), so it
 * is not kept: two saves meaning the same lists are the same lists.
 */
function normalized(lists: ChecklistLists): ChecklistLists {
  return {
    rooms: lists.rooms,
    addOns: Object.fromEntries(Object.entries(lists.addOns).filter(([, tasks]) => tasks.length)),
  };
}

/**
 * PUT /api/admin/checklists (admin_owner): the lists whole, as a new version, audited in the
 * same transaction. Saves are serialised, so two from one version cannot both land; a save equal
 * to the current lists makes no version and says so (400 "Nothing changed."), one over a newer
 * version than the form was filled from is told to reload (409).
 */
export async function saveChecklists(
  db: Knex,
  actorId: string,
  input: ChecklistSaveInput,
): Promise<AdminChecklists> {
  await db.transaction(async (trx) => {
    await lockKey(trx, 'checklist_versions');
    const current = await currentChecklists(trx);
    const known = new Set((await addOnsInOrder(trx)).map((a) => a.id));
    const unknown = Object.keys(input.lists.addOns).filter((id) => !known.has(id));
    if (unknown.length) {
      throw new AppError(400, 'unknown_add_on', `Unknown add-on: ${unknown.join(', ')}`);
    }
    const lists = normalized(input.lists);
    if (requestFingerprint(lists) === requestFingerprint(normalized(current.lists))) {
      throw new AppError(400, 'nothing_changed', NOTHING_CHANGED_MESSAGE);
    }
    if (input.version !== undefined && input.version !== current.version) {
      throw new AppError(409, 'checklists_stale', STALE_CHECKLISTS_MESSAGE);
    }
    const version = current.version + 1;
    const note = input.note ?? '';
    await ChecklistVersion.query(trx).insert({ version, lists, note, createdBy: actorId });
    await audit(trx, {
      actorId,
      action: 'checklists.update',
      entity: 'checklists',
      entityId: String(version),
      before: { version: current.version, lists: current.lists },
      after: { version, lists, ...(note ? { note } : {}) },
    });
  });
  return adminChecklists(db);
}
