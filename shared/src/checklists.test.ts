import { describe, expect, it } from 'vitest';
import {
  type ChecklistLists,
  checklistSaveSchema,
  checklistSections,
  checklistTickSchema,
} from './checklists';

const LISTS: ChecklistLists = {
  rooms: {
    kitchen: ['Counters wiped', 'Sink scrubbed'],
    bathroom: ['Toilet cleaned'],
    bedroom: ['Beds made', 'Floors vacuumed'],
    living_room: ['Cushions straightened'],
    dining_room: [],
    hallways: ['Mats shaken out'],
  },
  addOns: { 'inside-oven': ['Racks soaked', 'Glass degreased'] },
};

describe('checklistSections', () => {
  it('gives one section per room of the booking, numbered as the house details number them', () => {
    const sections = checklistSections(
      LISTS,
      ['bedroom_1', 'bedroom_2', 'full_bathroom_1', 'half_bathroom_1', 'kitchen', 'living_room'],
      [],
    );
    expect(sections).toEqual([
      { key: 'bedroom_1', label: 'Bedroom 1', tasks: ['Beds made', 'Floors vacuumed'] },
      { key: 'bedroom_2', label: 'Bedroom 2', tasks: ['Beds made', 'Floors vacuumed'] },
      { key: 'full_bathroom_1', label: 'Full bathroom 1', tasks: ['Toilet cleaned'] },
      { key: 'half_bathroom_1', label: 'Half bathroom 1', tasks: ['Toilet cleaned'] },
      { key: 'kitchen', label: 'Kitchen', tasks: ['Counters wiped', 'Sink scrubbed'] },
      { key: 'living_room', label: 'Living room', tasks: ['Cushions straightened'] },
    ]);
  });

  it('leaves out rooms whose list is empty and room keys it does not know', () => {
    const sections = checklistSections(LISTS, ['dining_room', 'garage', 'kitchen'], []);
    expect(sections.map((s) => s.key)).toEqual(['kitchen']);
  });

  it("adds a section per add-on: its own list, else one task, the add-on's name", () => {
    const sections = checklistSections(
      LISTS,
      [],
      [
        { id: 'inside-oven', name: 'Inside Oven' },
        { id: 'inside-fridge', name: 'Inside Fridge' },
      ],
    );
    expect(sections).toEqual([
      {
        key: 'addon_inside-oven',
        label: 'Inside Oven',
        tasks: ['Racks soaked', 'Glass degreased'],
      },
      { key: 'addon_inside-fridge', label: 'Inside Fridge', tasks: ['Inside Fridge'] },
    ]);
  });

  it('gives nothing to a visit with no rooms and no add-ons (a laundry order)', () => {
    expect(checklistSections(LISTS, [], [])).toEqual([]);
  });
});

describe('the checklist contracts', () => {
  it('refuses empty and overlong tasks with their messages, and too many tasks', () => {
    const save = (kitchen: string[]) =>
      checklistSaveSchema.safeParse({ lists: { ...LISTS, rooms: { ...LISTS.rooms, kitchen } } });
    expect(save(['  Counters  ']).data?.lists.rooms.kitchen).toEqual(['Counters']);
    expect(save(['   ']).error?.issues[0]?.message).toBe('A task cannot be empty');
    expect(save(['x'.repeat(121)]).error?.issues[0]?.message).toBe(
      'A task is at most 120 characters',
    );
    expect(save(Array.from({ length: 21 }, (_, i) => `Task ${i}`)).error?.issues[0]?.message).toBe(
      'At most 20 tasks a list',
    );
  });

  it('needs every room in a save, and a tick with an ISO time', () => {
    const { hallways: _, ...fewer } = LISTS.rooms;
    expect(checklistSaveSchema.safeParse({ lists: { ...LISTS, rooms: fewer } }).success).toBe(
      false,
    );
    const tick = { version: 1, itemKey: 'kitchen:0', done: true };
    expect(
      checklistTickSchema.safeParse({ ...tick, occurredAt: '2026-11-28T10:00:00.000Z' }).success,
    ).toBe(true);
    expect(checklistTickSchema.safeParse({ ...tick, occurredAt: 'yesterday' }).success).toBe(false);
  });
});
