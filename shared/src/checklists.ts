import * as z from 'zod/mini';

// DECISIONS.md "Visit updates, checklists, tips": the site's room-by-room task lists, per room of
// the booking and per add-on, versioned like prices. Optional for clock-out.

export const CHECKLIST_ROOMS = [
  'kitchen',
  'bathroom',
  'bedroom',
  'living_room',
  'dining_room',
  'hallways',
] as const;
export const checklistRoomSchema = z.enum(CHECKLIST_ROOMS);
export type ChecklistRoom = z.infer<typeof checklistRoomSchema>;

/** How /services and the editor name each list. */
export const CHECKLIST_ROOM_LABELS: Record<ChecklistRoom, string> = {
  kitchen: 'Kitchen',
  bathroom: 'Bathrooms',
  bedroom: 'Bedrooms',
  living_room: 'Living room',
  dining_room: 'Dining room',
  hallways: 'Hallways and entries',
};

export const CHECKLIST_TASK_MAX = 20;
const task = z
  .string('Enter the task')
  .check(
    z.trim(),
    z.minLength(1, 'A task cannot be empty'),
    z.maxLength(120, 'A task is at most 120 characters'),
  );
const tasks = z
  .array(task)
  .check(z.maxLength(CHECKLIST_TASK_MAX, `At most ${CHECKLIST_TASK_MAX} tasks a list`));

/** A version's lists (checklist_versions.lists); PUT /api/admin/checklists sends them whole. */
export const checklistListsSchema = z.object({
  rooms: z.record(checklistRoomSchema, tasks),
  /** Tasks per add-on id; an add-on without its own list gets one task, its name. */
  addOns: z.record(z.string().check(z.minLength(1), z.maxLength(64)), tasks),
});
export type ChecklistLists = z.infer<typeof checklistListsSchema>;

/** PUT /api/admin/checklists (owners): a new version. */
export const checklistSaveSchema = z.object({
  lists: checklistListsSchema,
  /** The version the form was filled from, if it says: a save over a newer one is refused (409). */
  version: z.optional(z.number().check(z.int(), z.gte(1), z.lte(2_147_483_647))),
  note: z.optional(
    z.string().check(z.trim(), z.maxLength(200, 'A note is at most 200 characters')),
  ),
});
export type ChecklistSaveInput = z.infer<typeof checklistSaveSchema>;

/** GET /api/admin/checklists: the current version and the ones before it. */
export const adminChecklistsSchema = z.object({
  version: z.number(),
  lists: checklistListsSchema,
  addOns: z.array(z.object({ id: z.string(), name: z.string() })),
  history: z.array(
    z.object({
      version: z.number(),
      createdAt: z.string(),
      createdBy: z.nullable(z.string()),
      note: z.string(),
    }),
  ),
});
export type AdminChecklists = z.infer<typeof adminChecklistsSchema>;

/** GET /api/checklists (public, /services): the current lists in the site's order. */
export const publicChecklistsSchema = z.object({
  version: z.number(),
  rooms: z.array(
    z.object({ room: checklistRoomSchema, label: z.string(), tasks: z.array(z.string()) }),
  ),
});
export type PublicChecklists = z.infer<typeof publicChecklistsSchema>;

/** One task of a visit's checklist, with its latest tick. */
export const visitChecklistItemSchema = z.object({
  /** `{section}:{task index}`, e.g. `bedroom_2:0` or `addon_fridge:0`: stable within a version. */
  key: z.string(),
  task: z.string(),
  done: z.boolean(),
  /** When it was last ticked or unticked on the phone. */
  at: z.nullable(z.string()),
  /** Photos taken for this task. */
  photoIds: z.array(z.string()),
});
export type VisitChecklistItem = z.infer<typeof visitChecklistItemSchema>;

/** A visit's checklist: one section per room of the booking and per add-on. */
export const visitChecklistSchema = z.object({
  version: z.number(),
  sections: z.array(
    z.object({
      /** `kitchen`, `bedroom_2`, `full_bathroom_1`, `addon_{id}` */
      key: z.string(),
      label: z.string(),
      items: z.array(visitChecklistItemSchema),
    }),
  ),
  done: z.number(),
  total: z.number(),
});
export type VisitChecklist = z.infer<typeof visitChecklistSchema>;

/**
 * POST /api/provider/jobs/{id}/checklist, Idempotency-Key = the outbox entry's uuid: one task
 * ticked (done) or unticked, on the version the phone showed.
 */
export const checklistTickSchema = z.object({
  version: z.number().check(z.int(), z.gte(1), z.lte(2_147_483_647)),
  itemKey: z.string().check(z.minLength(1), z.maxLength(100)),
  done: z.boolean(),
  occurredAt: z.string().check(z.iso.datetime({ offset: true })),
  deviceSeq: z.optional(z.number().check(z.int(), z.gte(0), z.lte(2_147_483_647))),
  offline: z.optional(z.boolean()),
});
export type ChecklistTickInput = z.infer<typeof checklistTickSchema>;

export const checklistTickResultSchema = z.object({
  ok: z.literal(true),
  itemKey: z.string(),
  done: z.boolean(),
});

/** The rooms of a booking as its house details keep them (pricing.ts selectedRoomKeys). */
const ROOM_OF_KEY: [RegExp, ChecklistRoom, string][] = [
  [/^bedroom_(\d+)$/, 'bedroom', 'Bedroom'],
  [/^full_bathroom_(\d+)$/, 'bathroom', 'Full bathroom'],
  [/^half_bathroom_(\d+)$/, 'bathroom', 'Half bathroom'],
  [/^kitchen$/, 'kitchen', 'Kitchen'],
  [/^living_room$/, 'living_room', 'Living room'],
  [/^dining_room$/, 'dining_room', 'Dining room'],
];

/**
 * A visit's sections and tasks (no ticks yet) from a version's lists, the booking's rooms
 * (house details' selectedRooms; none for other services) and its add-ons. The one rule for
 * item keys: the phone, the server and the report all read them from here.
 */
export function checklistSections(
  lists: ChecklistLists,
  rooms: readonly string[],
  addOns: readonly { id: string; name: string }[],
): { key: string; label: string; tasks: string[] }[] {
  const sections: { key: string; label: string; tasks: string[] }[] = [];
  for (const key of rooms) {
    const match = ROOM_OF_KEY.find(([pattern]) => pattern.test(key));
    if (!match) continue;
    const [pattern, room, label] = match;
    const number = pattern.exec(key)?.[1];
    const list = lists.rooms[room] ?? [];
    if (list.length)
      sections.push({ key, label: number ? `${label} ${number}` : label, tasks: list });
  }
  for (const addOn of addOns) {
    const own = lists.addOns[addOn.id];
    sections.push({
      key: `addon_${addOn.id}`,
      label: addOn.name,
      tasks: own?.length ? own : [addOn.name],
    });
  }
  return sections;
}
