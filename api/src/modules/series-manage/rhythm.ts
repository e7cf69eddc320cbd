import { addDays, chicagoDate, slotProblem } from '@twinclean/shared/schedule';
import type { SeriesChange } from '@twinclean/shared/series';
import { FREQUENCY_LABELS, FREQUENCY_WEEKS } from '@twinclean/shared/series';
import { loadPricing } from '../../core/pricing';
import { AppError } from '../../errors';
import { Booking } from '../../models/booking';
import { refused } from '../booking-lifecycle/guards';
import { type ChangeContext, type ChangeOutcome, providerNotices, toBoard } from './change-context';
import {
  cancelVisits,
  dayList,
  feeText,
  futureVisits,
  leftAloneText,
  realDate,
  rhythmText,
  shortDay,
} from './visits';

// The changes of a whole series (DECISIONS.md "Recurring visits"): each decides its consequence
// while it makes the change, so a preview (the same code, rolled back) says exactly what happens.

/** The reason on the visits a pause cancels: a resume plans their dates again. */
const PAUSE_REASON = 'Recurring cleaning paused';

type Of<A extends SeriesChange['action']> = Extract<SeriesChange, { action: A }>;

const joined = (parts: (string | null | false)[]) => parts.filter(Boolean).join(' ');

function stillOpen(ctx: ChangeContext) {
  if (ctx.series.canceledAt) throw refused('This recurring cleaning is canceled.');
}

/** Cancels the changeable visits (from `before` on, if given) and says what that means. */
async function cancelFuture(
  ctx: ChangeContext,
  options: { reason: string; detach: boolean; before?: string },
) {
  const { changeable, leftAlone } = await futureVisits(ctx.trx, ctx.series.id, ctx.now);
  const canceled = changeable.filter((v) => !options.before || v.scheduledDate < options.before);
  const kept = leftAlone.filter((v) => !options.before || v.scheduledDate < options.before);
  await cancelVisits(ctx.trx, canceled, {
    by: ctx.actor.id,
    reason: options.reason,
    detach: options.detach,
    now: ctx.now,
  });
  const [next] = canceled;
  const config = await loadPricing(ctx.trx);
  const text = next
    ? `Your ${canceled.length === 1 ? 'visit' : 'visits'} on ${dayList(canceled)} will be canceled. ${
        canceled.length === 1 ? '' : `The next is on ${shortDay(next.scheduledDate)}. `
      }${feeText(next, config, ctx.now)}`
    : null;
  const mails = await providerNotices(
    ctx.trx,
    canceled,
    (days) => `Your client's visits on ${days} were canceled. They are off your schedule.`,
  );
  return { text: joined([text, ...leftAloneText(kept, ctx.now)]), mails };
}

export async function pause(ctx: ChangeContext, change: Of<'pause'>): Promise<ChangeOutcome> {
  stillOpen(ctx);
  const today = chicagoDate(ctx.now);
  if (!realDate(change.until) || change.until <= today) {
    throw new AppError(400, 'invalid_date', 'Choose a date after today to pause until.');
  }
  if (change.until > addDays(today, 365)) {
    throw new AppError(400, 'invalid_date', 'You can pause for up to a year.');
  }
  const { text, mails } = await cancelFuture(ctx, {
    reason: PAUSE_REASON,
    detach: false,
    before: change.until,
  });
  await ctx.series.$query(ctx.trx).patch({ pausedUntil: change.until });
  return {
    kind: 'paused',
    consequence: joined([
      `Your recurring cleaning is paused until ${shortDay(change.until)}: no visits before then.`,
      text,
    ]),
    mails,
    regenerate: false,
  };
}

export async function resume(ctx: ChangeContext): Promise<ChangeOutcome> {
  stillOpen(ctx);
  if (!ctx.series.pausedUntil) throw refused('This recurring cleaning is not paused.');
  await ctx.series.$query(ctx.trx).patch({ pausedUntil: null });
  // The visits the pause canceled free their dates, so the series plans them again.
  await Booking.query(ctx.trx)
    .patch({ seriesId: null, seriesDate: null })
    .where({ seriesId: ctx.series.id, cancellationReason: PAUSE_REASON })
    .where('scheduledAt', '>', ctx.now);
  const weeks = ctx.series.intervalWeeks;
  const label =
    FREQUENCY_LABELS[weeks === 1 ? 'weekly' : weeks === 2 ? 'biweekly' : 'every_4_weeks'];
  return {
    kind: 'resumed',
    consequence: `Your recurring cleaning resumes: ${label.toLowerCase()} on ${rhythmText(
      ctx.series.anchorDate,
      ctx.series.scheduledTime,
    )}, with the next visits planned from today.`,
    mails: [],
    regenerate: true,
  };
}

export async function reschedule(
  ctx: ChangeContext,
  change: Of<'reschedule'>,
): Promise<ChangeOutcome> {
  stillOpen(ctx);
  if (!realDate(change.startDate)) {
    throw new AppError(400, 'invalid_slot', 'Choose a date from today up to 30 days ahead.');
  }
  const problem = slotProblem(change.startDate, change.scheduledTime, ctx.now);
  if (problem) throw new AppError(400, 'invalid_slot', problem);
  const { text, mails } = await cancelFuture(ctx, {
    reason: 'Recurring cleaning rescheduled',
    detach: true,
  });
  await ctx.series.$query(ctx.trx).patch({
    intervalWeeks: FREQUENCY_WEEKS[change.frequency],
    anchorDate: change.startDate,
    scheduledTime: change.scheduledTime,
  });
  const regular = ctx.series.regularProviderId
    ? ' Your regular cleaner keeps each visit their availability covers; any other goes to other cleaners.'
    : '';
  return {
    kind: 'rescheduled',
    consequence: joined([
      `From ${shortDay(change.startDate)}, your visits will be ${FREQUENCY_LABELS[
        change.frequency
      ].toLowerCase()} on ${rhythmText(change.startDate, change.scheduledTime)}.${regular}`,
      text.replace(/will be canceled\./, 'will be replaced by the new ones.'),
    ]),
    mails,
    regenerate: true,
  };
}

export async function cancelSeries(
  ctx: ChangeContext,
  change: Of<'cancel'>,
): Promise<ChangeOutcome> {
  stillOpen(ctx);
  const { text, mails } = await cancelFuture(ctx, {
    reason: `Recurring cleaning canceled: ${change.reason}`,
    detach: false,
  });
  await ctx.series
    .$query(ctx.trx)
    .patch({ canceledAt: ctx.now, cancellationReason: change.reason });
  return {
    kind: 'canceled',
    consequence: joined(['Your recurring cleaning will be canceled: no more visits.', text]),
    mails,
    regenerate: false,
  };
}

/**
 * The regular provider is cleared and their future visits go back to the board; the next
 * provider who accepts one becomes the regular provider. `notice` tells them why (null: they
 * gave the series up themselves).
 */
export async function newCleaner(
  ctx: ChangeContext,
  words: { lead: string; notice: string | null },
): Promise<ChangeOutcome> {
  stillOpen(ctx);
  const former = ctx.series.regularProviderId;
  if (!former) throw refused('This recurring cleaning has no regular cleaner yet.');
  const { changeable, leftAlone } = await futureVisits(ctx.trx, ctx.series.id, ctx.now);
  const theirs = changeable.filter((v) => v.providerId === former);
  const { notice } = words;
  // Told before the visits leave them (the patch clears each visit's provider).
  const mails = notice
    ? await providerNotices(
        ctx.trx,
        theirs,
        (days) =>
          `${notice} You are no longer this client's regular cleaner; their visits on ${days} went back to the job board.`,
      )
    : [];
  await toBoard(ctx, theirs);
  await ctx.series.$query(ctx.trx).patch({ regularProviderId: null });
  const kept = leftAlone.filter((v) => v.providerId === former);
  const next = theirs.length > 0 ? `Your visits on ${dayList(theirs)}` : 'Your next visits';
  return {
    kind: 'new_cleaner',
    consequence: joined([
      `${words.lead} ${next} will go to other cleaners on the job board; the next cleaner who takes one becomes your regular cleaner.`,
      ...leftAloneText(kept, ctx.now),
    ]),
    mails,
    regenerate: false,
  };
}
