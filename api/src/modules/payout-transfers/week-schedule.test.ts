import { describe, expect, it } from 'vitest';
import {
  arrivalDateOf,
  dueWeek,
  isMonday,
  mondayOf,
  nextRunAt,
  runMomentOf,
} from './week-schedule';

const MONDAY_8 = { payoutWeekday: 1, payoutHour: 8 };

describe('the weekly payout schedule (America/Chicago)', () => {
  it('puts the run on the configured weekday and hour, daylight time or not', () => {
    // CST (UTC−6) in November, CDT (UTC−5) in June.
    expect(runMomentOf('2026-11-16', MONDAY_8).toISOString()).toBe('2026-11-16T14:00:00.000Z');
    expect(runMomentOf('2026-06-15', MONDAY_8).toISOString()).toBe('2026-06-15T13:00:00.000Z');
    expect(runMomentOf('2026-11-16', { payoutWeekday: 3, payoutHour: 17 }).toISOString()).toBe(
      '2026-11-18T23:00:00.000Z',
    );
    // The week DST ends in (Sunday 1 Nov 2026): Monday 2 Nov is already CST.
    expect(runMomentOf('2026-11-02', MONDAY_8).toISOString()).toBe('2026-11-02T14:00:00.000Z');
    // The week it starts in (Sunday 8 Mar 2026): Monday 9 Mar is CDT.
    expect(runMomentOf('2026-03-09', MONDAY_8).toISOString()).toBe('2026-03-09T13:00:00.000Z');
  });

  it('claims the week before, only within a day after the moment', () => {
    expect(dueWeek(new Date('2026-11-16T13:59:59Z'), MONDAY_8)).toBeNull();
    expect(dueWeek(new Date('2026-11-16T14:00:00Z'), MONDAY_8)).toBe('2026-11-09');
    expect(dueWeek(new Date('2026-11-17T13:59:59Z'), MONDAY_8)).toBe('2026-11-09');
    expect(dueWeek(new Date('2026-11-17T14:00:00Z'), MONDAY_8)).toBeNull();
    // Sunday night in Chicago is still the week before (Monday 05:00 UTC).
    expect(dueWeek(new Date('2026-11-23T05:00:00Z'), MONDAY_8)).toBeNull();
    // A Friday schedule pays the week before the Friday's week.
    const friday = { payoutWeekday: 5, payoutHour: 9 };
    expect(dueWeek(new Date('2026-11-20T15:30:00Z'), friday)).toBe('2026-11-09');
  });

  it('claims in the weeks daylight time starts and ends, a day measured in real hours', () => {
    // Monday 9 Mar 2026 08:00 CDT = 13:00 UTC; the Monday after the switch back, 14:00 UTC.
    expect(dueWeek(new Date('2026-03-09T12:59:00Z'), MONDAY_8)).toBeNull();
    expect(dueWeek(new Date('2026-03-09T13:00:00Z'), MONDAY_8)).toBe('2026-03-02');
    expect(dueWeek(new Date('2026-03-10T12:59:00Z'), MONDAY_8)).toBe('2026-03-02');
    expect(dueWeek(new Date('2026-11-02T13:59:00Z'), MONDAY_8)).toBeNull();
    expect(dueWeek(new Date('2026-11-02T14:00:00Z'), MONDAY_8)).toBe('2026-10-26');
    expect(dueWeek(new Date('2026-11-03T13:59:00Z'), MONDAY_8)).toBe('2026-10-26');
    // A Sunday run at 01:00 on the night clocks fall back: the first 01:00 (CDT, 06:00 UTC),
    // and its window is 24 real hours, though that Sunday has 25.
    const sundayOne = { payoutWeekday: 7, payoutHour: 1 };
    expect(runMomentOf('2026-10-26', sundayOne).toISOString()).toBe('2026-11-01T06:00:00.000Z');
    expect(dueWeek(new Date('2026-11-02T05:59:00Z'), sundayOne)).toBe('2026-10-19');
    expect(dueWeek(new Date('2026-11-02T06:00:00Z'), sundayOne)).toBeNull();
    // 02:00 does not exist on the night clocks spring forward: the run is at 01:00 CST then.
    const sundayTwo = { payoutWeekday: 7, payoutHour: 2 };
    expect(runMomentOf('2026-03-02', sundayTwo).toISOString()).toBe('2026-03-08T07:00:00.000Z');
    expect(dueWeek(new Date('2026-03-08T07:00:00Z'), sundayTwo)).toBe('2026-02-23');
  });

  it('keeps a late run’s window open past Monday midnight', () => {
    // Sunday 22 Nov 2026 at 20:00 CST (02:00 UTC Monday): the window runs to Monday 20:00 CST,
    // though Chicago is in the next week from midnight on.
    const sundayEvening = { payoutWeekday: 7, payoutHour: 20 };
    expect(dueWeek(new Date('2026-11-23T01:59:00Z'), sundayEvening)).toBeNull();
    expect(dueWeek(new Date('2026-11-23T02:00:00Z'), sundayEvening)).toBe('2026-11-09');
    expect(dueWeek(new Date('2026-11-23T07:00:00Z'), sundayEvening)).toBe('2026-11-09');
    expect(dueWeek(new Date('2026-11-24T01:59:00Z'), sundayEvening)).toBe('2026-11-09');
    expect(dueWeek(new Date('2026-11-24T02:00:00Z'), sundayEvening)).toBeNull();
    // Midnight at the start of Monday: the moment is the first instant of the week.
    const mondayMidnight = { payoutWeekday: 1, payoutHour: 0 };
    expect(dueWeek(new Date('2026-11-16T05:59:59Z'), mondayMidnight)).toBeNull();
    expect(dueWeek(new Date('2026-11-16T06:00:00Z'), mondayMidnight)).toBe('2026-11-09');
    expect(dueWeek(new Date('2026-11-17T05:59:59Z'), mondayMidnight)).toBe('2026-11-09');
    expect(dueWeek(new Date('2026-11-17T06:00:00Z'), mondayMidnight)).toBeNull();
  });

  it('names the next run and the Monday of any day', () => {
    expect(nextRunAt(new Date('2026-11-16T13:00:00Z'), MONDAY_8).toISOString()).toBe(
      '2026-11-16T14:00:00.000Z',
    );
    expect(nextRunAt(new Date('2026-11-16T14:00:00Z'), MONDAY_8).toISOString()).toBe(
      '2026-11-23T14:00:00.000Z',
    );
    expect(mondayOf('2026-11-22')).toBe('2026-11-16');
    expect(mondayOf('2026-11-16')).toBe('2026-11-16');
    expect(isMonday('2026-11-16')).toBe(true);
    expect(isMonday('2026-11-17')).toBe(false);
    expect(isMonday('2026-13-40')).toBe(false);
    // 30 Feb 2026 would roll over to Monday 2 March; years out of range are not weeks we pay.
    expect(isMonday('2026-02-30')).toBe(false);
    expect(isMonday('0001-01-01')).toBe(false);
    expect(isMonday('2101-01-03')).toBe(false);
  });

  it('expects the money two business days after it is sent', () => {
    // Monday → Wednesday; Thursday → Monday; Friday → Tuesday; Saturday → Tuesday.
    expect(arrivalDateOf(new Date('2026-11-16T15:00:00Z'))).toBe('2026-11-18');
    expect(arrivalDateOf(new Date('2026-11-19T15:00:00Z'))).toBe('2026-11-23');
    expect(arrivalDateOf(new Date('2026-11-20T15:00:00Z'))).toBe('2026-11-24');
    expect(arrivalDateOf(new Date('2026-11-21T15:00:00Z'))).toBe('2026-11-24');
    // 02:00 UTC Tuesday is still Monday evening in Chicago.
    expect(arrivalDateOf(new Date('2026-11-17T02:00:00Z'))).toBe('2026-11-18');
  });
});
