import { describe, expect, it } from 'vitest';
import {
  distanceText,
  hoursText,
  locationVerdict,
  photoPairs,
  taskPhotos,
  tasksDoneText,
  timeWorkedText,
} from './report-format';

const punch = { at: '2026-11-28T16:00:00.000Z', distanceM: 12 };
const photo = (id: string, checklistItemKey: string | null = null) => ({
  id,
  url: `/p/${id}`,
  width: null,
  height: null,
  checklistItemKey,
});

describe('visit report words', () => {
  it('says whether a punch was at the home, and why not', () => {
    expect(locationVerdict({ ...punch, geofenceVerified: true, unverifiedReason: null })).toBe(
      'Location verified',
    );
    expect(
      locationVerdict({
        ...punch,
        geofenceVerified: false,
        unverifiedReason: 'No location from the device',
      }),
    ).toBe('Location not verified: No location from the device');
    expect(locationVerdict({ ...punch, geofenceVerified: false, unverifiedReason: null })).toBe(
      'Location not verified: no reason given',
    );
  });

  it('gives distances in metres under a kilometre, kilometres above', () => {
    expect(distanceText(null)).toBeNull();
    expect(distanceText(39.6)).toBe('40 m from the home');
    expect(distanceText(999)).toBe('999 m from the home');
    expect(distanceText(1234)).toBe('1.2 km from the home');
  });

  it('says hours worked against hours booked', () => {
    expect(hoursText(1)).toBe('1 hour');
    expect(hoursText(2.5)).toBe('2.5 hours');
    expect(timeWorkedText(2.75, 3)).toBe('2.75 hours worked of 3 hours booked');
    expect(timeWorkedText(1.333, null)).toBe('1.33 hours worked');
    expect(timeWorkedText(null, 3)).toBeNull();
  });

  it('counts tasks done', () => {
    expect(tasksDoneText(5, 12)).toBe('5 of 12 tasks done');
    expect(tasksDoneText(0, 1)).toBe('0 of 1 task done');
  });

  it('pairs before and after photos in order, either side running out', () => {
    const pairs = photoPairs([photo('b1'), photo('b2')], [photo('a1')]);
    expect(pairs.map((p) => [p.before?.id ?? null, p.after?.id ?? null])).toEqual([
      ['b1', 'a1'],
      ['b2', null],
    ]);
    expect(photoPairs([], [photo('a1')]).map((p) => [p.before, p.after?.id])).toEqual([
      [null, 'a1'],
    ]);
  });

  it('keeps task photos out of the before/after pairs, even when stored as before', () => {
    // The server files a task photo taken mid-visit as 'before': it is not a "before" shot.
    const pairs = photoPairs(
      [photo('b1'), photo('t1', 'kitchen:0'), photo('b2')],
      [photo('t2', 'bedroom_1:1'), photo('a1')],
    );
    expect(pairs.map((p) => [p.before?.id ?? null, p.after?.id ?? null])).toEqual([
      ['b1', 'a1'],
      ['b2', null],
    ]);
    expect(photoPairs([photo('t1', 'kitchen:0')], [])).toEqual([]);
  });

  it("finds a task's photos by key or by the task's photo ids, from either side", () => {
    const photos = {
      before: [photo('b1'), photo('t1', 'kitchen:0'), photo('t3', 'kitchen:1')],
      after: [photo('t2', 'kitchen:0'), photo('a1')],
    };
    expect(taskPhotos(photos, { key: 'kitchen:0', photoIds: [] }).map((p) => p.id)).toEqual([
      't1',
      't2',
    ]);
    expect(taskPhotos(photos, { key: 'kitchen:1', photoIds: ['t3'] }).map((p) => p.id)).toEqual([
      't3',
    ]);
    expect(taskPhotos(photos, { key: 'bedroom_1:0', photoIds: [] })).toEqual([]);
  });
});
