import type { AdminChecklists } from '@twinclean/shared/checklists';
import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import {
  type ChecklistForm,
  checklistResolver,
  fieldErrorsOf,
  fieldOfIssue,
  formOf,
  listError,
  saveOf,
} from './form-values';

const current: Pick<AdminChecklists, 'version' | 'lists' | 'addOns'> = {
  version: 3,
  lists: {
    rooms: {
      kitchen: ['Counters wiped', 'Sink scrubbed'],
      bathroom: ['Toilet cleaned'],
      bedroom: [],
      living_room: ['Dusted'],
      dining_room: ['Table wiped'],
      hallways: ['Doors wiped'],
    },
    addOns: { fridge: ['Shelves out', 'Drawers washed'], retired: ['Old task'] },
  },
  addOns: [
    { id: 'fridge', name: 'Inside the fridge' },
    { id: '123', name: 'Oven' },
  ],
};

const options = (values: ChecklistForm): ResolverOptions<ChecklistForm> => ({
  fields: {},
  names: values.sections.flatMap((s, at) =>
    s.tasks.map((_, i) => `sections.${at}.tasks.${i}.task` as const),
  ),
  shouldUseNativeValidation: false,
});

function setTasks(form: ChecklistForm, at: number, tasks: { task: string }[]) {
  const section = form.sections[at];
  if (!section) throw new Error(`no section ${at}`);
  section.tasks = tasks;
}

describe('the checklist form', () => {
  it('lists the rooms in the site order, then each add-on, and saves them back unchanged', () => {
    const form = formOf(current);
    expect(form.sections.map((s) => s.label)).toEqual([
      'Kitchen',
      'Bathrooms',
      'Bedrooms',
      'Living room',
      'Dining room',
      'Hallways and entries',
      'Inside the fridge',
      'Oven',
    ]);
    expect(form.sections[6]?.tasks).toEqual([{ task: 'Shelves out' }, { task: 'Drawers washed' }]);
    // An add-on with no tasks is left out (a visit lists its name), and so is the list of one
    // that no longer exists (the API would refuse it).
    expect(saveOf(form)).toEqual({
      lists: { ...current.lists, addOns: { fridge: ['Shelves out', 'Drawers washed'] } },
      version: 3,
      note: '',
    });
  });

  it('saves an edited, reordered list and a new add-on list', () => {
    const form = formOf(current);
    setTasks(form, 0, [{ task: 'Sink scrubbed' }, { task: 'Counters wiped' }]);
    setTasks(form, 7, [{ task: 'Racks soaked' }]);
    form.note = 'Sink first';
    const saved = saveOf(form);
    expect(saved.lists.rooms.kitchen).toEqual(['Sink scrubbed', 'Counters wiped']);
    expect(saved.lists.addOns).toEqual({
      fridge: ['Shelves out', 'Drawers washed'],
      '123': ['Racks soaked'],
    });
    expect(saved.note).toBe('Sink first');
  });

  it('puts each issue beside its task or list, including an add-on id that looks like an index', () => {
    const form = formOf(current);
    expect(fieldOfIssue(form, ['lists', 'rooms', 'kitchen', 1])).toBe('sections.0.tasks.1.task');
    expect(fieldOfIssue(form, ['lists', 'rooms', 'bathroom'])).toBe('sections.1.tasks');
    expect(fieldOfIssue(form, ['lists', 'addOns', '123', 0])).toBe('sections.7.tasks.0.task');
    expect(fieldOfIssue(form, ['note'])).toBe('note');
    expect(fieldOfIssue(form, ['lists', 'addOns', 'unknown', 0])).toBeNull();
    expect(
      fieldErrorsOf(form, [
        { path: ['lists', 'rooms', 'kitchen', 0], message: 'first' },
        { path: ['lists', 'rooms', 'kitchen', 0], message: 'second' },
      ]),
    ).toEqual({ 'sections.0.tasks.0.task': 'first' });
  });

  it("judges the lists with the shared schema's messages, beside the task at fault", async () => {
    const form = formOf(current);
    setTasks(form, 0, [{ task: '   ' }, { task: 'x'.repeat(121) }]);
    const result = await checklistResolver(form, undefined, options(form));
    const errors = result.errors as Record<string, unknown>;
    expect(Object.keys(errors)).toEqual(['sections']);
    const kitchen = result.errors.sections?.[0]?.tasks;
    expect(kitchen?.[0]?.task?.message).toBe('A task cannot be empty');
    expect(kitchen?.[1]?.task?.message).toBe('A task is at most 120 characters');
  });

  it('refuses a 21st task on the list itself, and a long note', async () => {
    const form = formOf(current);
    setTasks(
      form,
      2,
      Array.from({ length: 21 }, (_, i) => ({ task: `Task ${i}` })),
    );
    form.note = 'n'.repeat(201);
    const result = await checklistResolver(form, undefined, options(form));
    expect(listError(result.errors, 2)).toBe('At most 20 tasks a list');
    expect(result.errors.note?.message).toBe('A note is at most 200 characters');
  });

  it('passes trimmed lists on when they are valid', async () => {
    const form = formOf(current);
    setTasks(form, 0, [{ task: '  Counters wiped  ' }]);
    const result = await checklistResolver(form, undefined, options(form));
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({ lists: { rooms: { kitchen: ['Counters wiped'] } } });
  });
});
