import { toNestErrors } from '@hookform/resolvers';
import {
  type AdminChecklists,
  CHECKLIST_ROOM_LABELS,
  CHECKLIST_ROOMS,
  type ChecklistLists,
  type ChecklistRoom,
  type ChecklistSaveInput,
  checklistSaveSchema,
} from '@twinclean/shared/checklists';
import type { FieldError, FieldErrors, ResolverOptions, ResolverResult } from 'react-hook-form';
import '@twinclean/shared/zod-english';

// The editor's form: every list as one section of rows. useFieldArray wants objects with stable
// ids, and an add-on id in a field path ("addOns.123") would read as an array index, so the form
// holds sections in an array and the API's record shape is made only when saving.

export type TaskRow = { task: string };
export type ChecklistSection =
  | { kind: 'room'; room: ChecklistRoom; label: string; tasks: TaskRow[] }
  | { kind: 'addOn'; addOnId: string; label: string; tasks: TaskRow[] };
export type ChecklistForm = {
  sections: ChecklistSection[];
  /** The version the form was filled from: a save over a newer one is refused (409). */
  version: number;
  note: string;
};

const rows = (tasks: readonly string[] | undefined): TaskRow[] =>
  (tasks ?? []).map((task) => ({ task }));

/** The form for the current version: the rooms in the site's order, then every add-on. */
export function formOf(
  current: Pick<AdminChecklists, 'version' | 'lists' | 'addOns'>,
): ChecklistForm {
  return {
    sections: [
      ...CHECKLIST_ROOMS.map(
        (room): ChecklistSection => ({
          kind: 'room',
          room,
          label: CHECKLIST_ROOM_LABELS[room],
          tasks: rows(current.lists.rooms[room]),
        }),
      ),
      ...current.addOns.map(
        (addOn): ChecklistSection => ({
          kind: 'addOn',
          addOnId: addOn.id,
          label: addOn.name,
          tasks: rows(current.lists.addOns[addOn.id]),
        }),
      ),
    ],
    version: current.version,
    note: '',
  };
}

/**
 * What PUT /api/admin/checklists gets. An add-on with no tasks is left out: the visit lists its
 * name as its one task (shared checklistSections), the same as before it had a list. A list of
 * an add-on that no longer exists is dropped too (the API refuses unknown add-ons).
 */
export function saveOf(form: ChecklistForm): ChecklistSaveInput {
  const rooms = Object.fromEntries(CHECKLIST_ROOMS.map((room) => [room, [] as string[]]));
  const addOns: Record<string, string[]> = {};
  for (const section of form.sections) {
    const tasks = section.tasks.map((row) => row.task);
    if (section.kind === 'room') rooms[section.room] = tasks;
    else if (tasks.length) addOns[section.addOnId] = tasks;
  }
  return {
    lists: { rooms: rooms as ChecklistLists['rooms'], addOns },
    version: form.version,
    note: form.note,
  };
}

/**
 * The form field an issue of the save schema (ours or the server's `validation_error`) belongs
 * to: `lists.rooms.kitchen.2` → the third kitchen task; `lists.rooms.kitchen` → that list.
 */
export function fieldOfIssue(
  form: Pick<ChecklistForm, 'sections'>,
  path: readonly PropertyKey[],
): string | null {
  if (path[0] === 'note') return 'note';
  if (path[0] !== 'lists') return null;
  const [, group, id, index] = path;
  const at = form.sections.findIndex((s) =>
    group === 'rooms' ? s.kind === 'room' && s.room === id : s.kind === 'addOn' && s.addOnId === id,
  );
  if (at < 0) return null;
  return typeof index === 'number' ? `sections.${at}.tasks.${index}.task` : `sections.${at}.tasks`;
}

/** Each field's first message, by field path, for the issues the form can show. */
export function fieldErrorsOf(
  form: Pick<ChecklistForm, 'sections'>,
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = fieldOfIssue(form, issue.path);
    if (field && !(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

/** A list's own error (too many tasks), wherever react-hook-form put it. */
export function listError(errors: FieldErrors<ChecklistForm>, at: number): string | undefined {
  const tasks = errors.sections?.[at]?.tasks as (FieldError & { root?: FieldError }) | undefined;
  return tasks?.root?.message ?? tasks?.message;
}

/**
 * The form's resolver: the shared save schema judges the lists exactly as the API will, and its
 * messages land beside the task or list they are about.
 */
export function checklistResolver(
  values: ChecklistForm,
  _context: unknown,
  options: ResolverOptions<ChecklistForm>,
): ResolverResult<ChecklistForm, ChecklistSaveInput> {
  const parsed = checklistSaveSchema.safeParse(saveOf(values));
  if (parsed.success) return { values: parsed.data, errors: {} };
  const flat = Object.fromEntries(
    Object.entries(fieldErrorsOf(values, parsed.error.issues)).map(([field, message]) => [
      field,
      { type: 'validate', message },
    ]),
  );
  return { values: {}, errors: toNestErrors(flat, options) };
}
