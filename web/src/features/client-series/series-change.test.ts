import { addDays, bookingWindow, chicagoDate, chicagoInstant } from '@twinclean/shared/schedule';
import { describe, expect, it } from 'vitest';
import {
  cancelSchema,
  moveFormSchema,
  moveSchema,
  newCleanerSchema,
  pauseFormSchema,
  pauseIssue,
  pauseSchema,
  rescheduleFormSchema,
  rescheduleSchema,
  resumeSchema,
  sameChange,
  skipSchema,
  slotIssue,
} from './series-change';

const BOOKING = '0b7f2c1e-8a7d-4f3e-9c1a-2d5e6f7a8b9c';

describe('the branches of seriesChangeSchema', () => {
  it('each names its own action and refuses the others', () => {
    const branches = {
      skip: skipSchema,
      move: moveSchema,
      pause: pauseSchema,
      resume: resumeSchema,
      reschedule: rescheduleSchema,
      new_cleaner: newCleanerSchema,
      cancel: cancelSchema,
    };
    for (const [action, schema] of Object.entries(branches)) {
      expect(schema.def.shape.action.def.values).toEqual([action]);
    }
    expect(skipSchema.safeParse({ action: 'skip', bookingId: BOOKING }).success).toBe(true);
    expect(skipSchema.safeParse({ action: 'move', bookingId: BOOKING }).success).toBe(false);
  });

  it('asks for a reason to cancel or to ask for another cleaner', () => {
    const blank = cancelSchema.safeParse({ action: 'cancel', reason: '   ' });
    expect(blank.success).toBe(false);
    expect(blank.error?.issues[0]?.message).toBe('A reason is required');
    expect(
      newCleanerSchema.safeParse({ action: 'new_cleaner', reason: 'Late twice' }).success,
    ).toBe(true);
  });
});

describe('slotIssue', () => {
  // 10:00 in Chicago on a Monday: today's 11:00 is less than 2 hours away, 13:00 is not.
  const now = chicagoInstant('2026-03-02', '10:00');

  it('puts a date outside the booking window on the date field', () => {
    for (const date of ['2026-03-01', addDays('2026-03-02', 31)]) {
      expect(slotIssue(date, '09:00', now, 'startDate', 'scheduledTime')).toEqual({
        path: 'startDate',
        message: 'Choose a date from today up to 30 days ahead.',
      });
    }
  });

  it('puts a slot too soon or off the list on the time field', () => {
    expect(slotIssue('2026-03-02', '11:00', now, 'scheduledDate', 'scheduledTime')?.path).toBe(
      'scheduledTime',
    );
    expect(slotIssue('2026-03-03', '18:00', now, 'scheduledDate', 'scheduledTime')?.path).toBe(
      'scheduledTime',
    );
  });

  it('accepts a slot of the window far enough ahead', () => {
    expect(slotIssue('2026-03-02', '13:00', now, 'scheduledDate', 'scheduledTime')).toBeNull();
    expect(slotIssue(addDays('2026-03-02', 30), '08:00', now, 'd', 't')).toBeNull();
  });
});

describe('pauseIssue', () => {
  const now = chicagoInstant('2026-03-02', '10:00');
  it('wants a day after today (Chicago)', () => {
    expect(pauseIssue('2026-03-02', now)).toEqual({
      path: 'until',
      message: 'Choose a date after today.',
    });
    expect(pauseIssue('2026-03-03', now)).toBeNull();
    expect(pauseIssue(addDays('2026-03-02', 365), now)).toBeNull();
    expect(pauseIssue(addDays('2026-03-02', 366), now)).toEqual({
      path: 'until',
      message: 'You can pause for up to a year.',
    });
  });
});

describe('the form schemas', () => {
  const today = chicagoDate(new Date());
  const tomorrow = addDays(today, 1);

  it('move: a date in the window and a slot, or the field at fault', () => {
    const good = {
      action: 'move',
      bookingId: BOOKING,
      scheduledDate: tomorrow,
      scheduledTime: '09:00',
    };
    expect(moveFormSchema.safeParse(good).success).toBe(true);
    const late = moveFormSchema.safeParse({ ...good, scheduledDate: addDays(today, 40) });
    expect(late.error?.issues.map((i) => i.path)).toEqual([['scheduledDate']]);
  });

  it('pause: the day after today or later', () => {
    expect(pauseFormSchema.safeParse({ action: 'pause', until: tomorrow }).success).toBe(true);
    const now = pauseFormSchema.safeParse({ action: 'pause', until: today });
    expect(now.error?.issues.map((i) => i.path)).toEqual([['until']]);
  });

  it('reschedule: the first new visit inside the booking window', () => {
    const { maxDate } = bookingWindow(new Date());
    const change = {
      action: 'reschedule',
      frequency: 'weekly',
      startDate: maxDate,
      scheduledTime: '10:00',
    };
    expect(rescheduleFormSchema.safeParse(change).success).toBe(true);
    const beyond = rescheduleFormSchema.safeParse({ ...change, startDate: addDays(maxDate, 1) });
    expect(beyond.error?.issues.map((i) => i.path)).toEqual([['startDate']]);
    const monthly = rescheduleFormSchema.safeParse({ ...change, frequency: 'monthly' });
    expect(monthly.success).toBe(false);
  });
});

describe('sameChange', () => {
  it('compares the values whatever their order', () => {
    const a = { action: 'pause', until: '2026-03-10' } as const;
    expect(sameChange(a, { until: '2026-03-10', action: 'pause' })).toBe(true);
    expect(sameChange(a, { action: 'pause', until: '2026-03-11' })).toBe(false);
    expect(sameChange(a, { action: 'resume' })).toBe(false);
  });
});
