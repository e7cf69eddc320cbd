import { addDays, bookingWindow, chicagoDate, slotProblem } from '@twinclean/shared/schedule';
import { type SeriesChange, seriesChangeSchema } from '@twinclean/shared/series';
import * as z from 'zod/mini';
import '@twinclean/shared/zod-english';

// The client's changes to a series (issue 31): one form schema per action, each the request's
// branch of seriesChangeSchema plus what the server will check of dates and slots
// (shared/schedule.ts), so a date it would refuse is never sent.

export type SeriesAction = SeriesChange['action'];
export type ChangeOf<A extends SeriesAction> = Extract<SeriesChange, { action: A }>;

/** The branches in seriesChangeSchema's order (series-change.test.ts proves the order). */
export const [
  skipSchema,
  moveSchema,
  pauseSchema,
  resumeSchema,
  rescheduleSchema,
  newCleanerSchema,
  cancelSchema,
] = seriesChangeSchema.def.options;

const WINDOW_MESSAGE = 'Choose a date from today up to 30 days ahead.';

type Issue = { path: string; message: string };

/** Where a visit's date and time fail the booking window and slot rules, if they do. */
export function slotIssue(
  date: string,
  time: string,
  now: Date,
  dateField: string,
  timeField: string,
): Issue | null {
  const { minDate, maxDate } = bookingWindow(now);
  if (date < minDate || date > maxDate) return { path: dateField, message: WINDOW_MESSAGE };
  const problem = slotProblem(date, time, now);
  return problem ? { path: timeField, message: problem } : null;
}

/** How far ahead a pause may end (the server's limit, api/src/modules/series/rhythm.ts). */
export const PAUSE_MAX_DAYS = 365;

/** A pause runs until a later day, at most a year ahead: the first day visits may come again. */
export function pauseIssue(until: string, now: Date): Issue | null {
  const today = chicagoDate(now);
  if (until <= today) return { path: 'until', message: 'Choose a date after today.' };
  if (until > addDays(today, PAUSE_MAX_DAYS)) {
    return { path: 'until', message: 'You can pause for up to a year.' };
  }
  return null;
}

const withIssue = <T>(find: (value: T) => Issue | null) =>
  z.superRefine<T>((value, ctx) => {
    const issue = find(value);
    if (issue)
      ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message, input: value });
  });

export const moveFormSchema = moveSchema.check(
  withIssue((v) =>
    slotIssue(v.scheduledDate, v.scheduledTime, new Date(), 'scheduledDate', 'scheduledTime'),
  ),
);
export const pauseFormSchema = pauseSchema.check(withIssue((v) => pauseIssue(v.until, new Date())));
export const rescheduleFormSchema = rescheduleSchema.check(
  withIssue((v) =>
    slotIssue(v.startDate, v.scheduledTime, new Date(), 'startDate', 'scheduledTime'),
  ),
);

/** What each action's dialog says and its buttons read. */
export const ACTION_TEXT: Record<
  SeriesAction,
  { title: string; description: string; confirm: string; pending: string; done: string }
> = {
  skip: {
    title: 'Skip this visit?',
    description: 'The rest of the series stays as it is.',
    confirm: 'Skip Visit',
    pending: 'Skipping...',
    done: 'Visit skipped',
  },
  move: {
    title: 'Move this visit',
    description: 'Choose a new date and start time for this visit only.',
    confirm: 'Move Visit',
    pending: 'Moving...',
    done: 'Visit moved',
  },
  pause: {
    title: 'Pause the series',
    description: 'No visits until the date you choose; they start again on that day.',
    confirm: 'Pause Series',
    pending: 'Pausing...',
    done: 'Series paused',
  },
  resume: {
    title: 'Resume the series?',
    description: 'Visits are planned again from today.',
    confirm: 'Resume Series',
    pending: 'Resuming...',
    done: 'Series resumed',
  },
  reschedule: {
    title: 'Change frequency, day or time',
    description: 'The first visit on the new schedule sets the new weekday.',
    confirm: 'Change Schedule',
    pending: 'Changing...',
    done: 'Schedule changed',
  },
  new_cleaner: {
    title: 'Ask for another cleaner',
    description: 'Tell us what would help; we will look for a new regular cleaner.',
    confirm: 'Ask for Another Cleaner',
    pending: 'Sending...',
    done: 'We will find you another cleaner',
  },
  cancel: {
    title: 'Cancel the series?',
    description: 'All future visits are canceled.',
    confirm: 'Cancel Series',
    pending: 'Canceling...',
    done: 'Series canceled',
  },
};

/**
 * The consequence shown belongs to the values it was asked for: any other value (a field edited
 * after the preview) needs a new one before it can be confirmed.
 */
export const sameChange = (a: SeriesChange, b: SeriesChange): boolean =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());
