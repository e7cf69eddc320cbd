import type { VisitHomeNotes } from '@twinclean/shared/homes';
import { chicagoInstant } from '@twinclean/shared/schedule';
import { describe, expect, it } from 'vitest';
import {
  type KeptEntryNotes,
  keepUntil,
  keptNotesToShow,
  mayKeepAnswer,
  notesToDrop,
  visitsToKeep,
} from './entry-notes-rule';

// Issue 31: entry notes stay on the phone only for the provider's own visit inside its window,
// and go after it (clock-out here, no longer theirs, canceled, past its time) and on sign-out.

const HOUR = 3_600_000;
const START = chicagoInstant('2026-12-01', '09:00');
const at = (hoursFromStart: number) => new Date(START.getTime() + hoursFromStart * HOUR);

const visit = (overrides: Partial<Parameters<typeof keepUntil>[0]> = {}) => ({
  id: 'visit-1',
  status: 'assigned',
  scheduledDate: '2026-12-01',
  scheduledTime: '09:00',
  providerClockOutTime: null,
  ...overrides,
});

const NOTES: VisitHomeNotes = {
  hasPets: true,
  petDetails: 'A friendly cat',
  parkingNotes: 'Driveway',
  entryNotes: 'Lockbox 4321',
  entryNotesFrom: at(-24).toISOString(),
};

const kept = (overrides: Partial<KeptEntryNotes> = {}): KeptEntryNotes => ({
  bookingId: 'visit-1',
  providerId: 'me',
  notes: NOTES,
  keptUntil: keepUntil(visit()).toISOString(),
  ...overrides,
});

const NONE = new Set<string>();

describe('which visits the phone fetches notes for', () => {
  it('keeps a visit from 24 hours before its start, not earlier', () => {
    expect(visitsToKeep([visit()], NONE, at(-25))).toEqual([]);
    expect(visitsToKeep([visit()], NONE, at(-24))).toHaveLength(1);
    expect(visitsToKeep([visit()], NONE, at(-2))).toHaveLength(1);
  });

  it('stops once the visit is done, canceled, clocked out here, or a day past its start', () => {
    expect(visitsToKeep([visit({ status: 'completed' })], NONE, at(-1))).toEqual([]);
    expect(visitsToKeep([visit({ status: 'canceled' })], NONE, at(-1))).toEqual([]);
    expect(
      visitsToKeep([visit({ providerClockOutTime: at(1).toISOString() })], NONE, at(2)),
    ).toEqual([]);
    expect(visitsToKeep([visit()], new Set(['visit-1']), at(1))).toEqual([]);
    expect(visitsToKeep([visit()], NONE, at(24))).toEqual([]);
  });
});

describe('whether an answer of the home route is kept', () => {
  it('is kept when it carries the entry notes and the visit is still to do', () => {
    expect(mayKeepAnswer(visit(), NOTES, false, at(-3))).toBe(true);
  });

  it('is not kept without entry notes (before the window) or after a clock-out here', () => {
    expect(mayKeepAnswer(visit(), { ...NOTES, entryNotes: null }, false, at(-30))).toBe(false);
    expect(mayKeepAnswer(visit(), NOTES, true, at(1))).toBe(false);
  });
});

describe('which kept notes are removed', () => {
  const list = [visit()];

  it('removes none while the visit is theirs and ahead', () => {
    expect(notesToDrop([kept()], 'me', list, NONE, at(-3))).toEqual([]);
  });

  it('removes the notes of a visit no longer among their jobs (released or reassigned)', () => {
    expect(notesToDrop([kept()], 'me', [], NONE, at(-3))).toEqual(['visit-1']);
  });

  it('removes them once the visit is canceled or completed', () => {
    expect(notesToDrop([kept()], 'me', [visit({ status: 'canceled' })], NONE, at(-3))).toEqual([
      'visit-1',
    ]);
    expect(notesToDrop([kept()], 'me', [visit({ status: 'completed' })], NONE, at(3))).toEqual([
      'visit-1',
    ]);
  });

  it('removes them after a clock-out recorded on the phone, even with no job list (offline)', () => {
    expect(notesToDrop([kept()], 'me', null, new Set(['visit-1']), at(2))).toEqual(['visit-1']);
    expect(notesToDrop([kept()], 'me', null, NONE, at(2))).toEqual([]);
  });

  it('removes them when their time has passed, whatever the list says', () => {
    expect(notesToDrop([kept()], 'me', list, NONE, at(24))).toEqual(['visit-1']);
    expect(notesToDrop([kept()], 'me', null, NONE, at(24))).toEqual(['visit-1']);
  });

  it('removes them when the visit was moved out of its window, and keeps a move within it', () => {
    const later = visit({ scheduledDate: '2026-12-03' });
    expect(notesToDrop([kept()], 'me', [later], NONE, at(-3))).toEqual(['visit-1']);
    // Moved an hour later: inside its window still, but kept until the new end only.
    const hourLater = visit({ scheduledTime: '10:00' });
    expect(notesToDrop([kept()], 'me', [hourLater], NONE, at(-3))).toEqual(['visit-1']);
    const rekept = kept({ keptUntil: keepUntil(hourLater).toISOString() });
    expect(notesToDrop([rekept], 'me', [hourLater], NONE, at(-3))).toEqual([]);
  });

  it("removes another provider's kept notes", () => {
    expect(notesToDrop([kept({ providerId: 'someone else' })], 'me', list, NONE, at(-3))).toEqual([
      'visit-1',
    ]);
  });
});

describe('what the visit page shows offline', () => {
  it('shows the kept notes to the provider who kept them, inside their time', () => {
    expect(keptNotesToShow(kept(), 'me', false, at(-1))).toEqual(NOTES);
  });

  it('shows nothing to another provider, after a clock-out here, or past their time', () => {
    expect(keptNotesToShow(kept(), 'someone else', false, at(-1))).toBeNull();
    expect(keptNotesToShow(kept(), 'me', true, at(1))).toBeNull();
    expect(keptNotesToShow(kept(), 'me', false, at(24))).toBeNull();
    expect(keptNotesToShow(undefined, 'me', false, at(-1))).toBeNull();
  });
});
