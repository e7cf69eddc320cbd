import type { SeriesChange } from '@twinclean/shared/series';
import { queueMail } from '../../adapters/mailer';
import { notFound } from '../../errors';
import { BookingSeries, SeriesEvent } from '../../models/booking-series';
import { User } from '../../models/user';
import type { LifecycleDeps } from '../booking-lifecycle/lifecycle-deps';
import { generateSeriesVisits } from '../series/generate';
import type { Actor, ChangeContext, ChangeOutcome } from './change-context';
import { seriesChangeEmail } from './emails';
import { moveVisit, skipVisit } from './one-visit';
import { cancelSeries, newCleaner, pause, reschedule, resume } from './rhythm';

/** Raised to roll back a preview: the change ran, said what it does, and is undone. */
class Preview extends Error {
  constructor(readonly consequence: string) {
    super('preview');
  }
}

export type ChangeRequest = {
  seriesId: string;
  /** The client whose series it must be (anyone else's is not found); absent for an admin. */
  clientId?: string;
  actor: Actor;
  change: SeriesChange;
  /** Only say what the change would do. */
  dryRun: boolean;
  /** Runs in the change's transaction with the series before and after (the admin's audit row). */
  audit?: (trx: ChangeContext['trx'], before: BookingSeries, after: BookingSeries) => Promise<void>;
};

type WholeChange = Exclude<SeriesChange, { action: 'skip' | 'move' }>;

function wholeChange(ctx: ChangeContext, change: WholeChange): Promise<ChangeOutcome> {
  switch (change.action) {
    case 'pause':
      return pause(ctx, change);
    case 'resume':
      return resume(ctx);
    case 'reschedule':
      return reschedule(ctx, change);
    case 'cancel':
      return cancelSeries(ctx, change);
    case 'new_cleaner':
      return newCleaner(ctx, {
        lead: 'You asked for another cleaner.',
        notice: 'The client asked for another cleaner.',
      });
  }
}

/** Delivers queued mail now; what cannot leave stays queued for the outbox sender. */
export async function deliverAll(deps: LifecycleDeps, ids: (string | null)[]) {
  for (const id of ids) {
    if (!id) continue;
    await deps.mailer
      .deliver(id)
      .catch((error: unknown) =>
        deps.logger.error({ err: error }, 'could not send a recurring cleaning notice'),
      );
  }
}

/**
 * Runs a change of a series (DECISIONS.md "Recurring visits"), or only says what it would do:
 * the preview is the same code in a transaction rolled back, so the consequence shown before
 * the confirm button is the one the change has. A change writes the series' history and queues
 * the client's summary (and the providers' notices) in its transaction.
 */
export async function changeSeries(
  deps: LifecycleDeps,
  request: ChangeRequest,
  now = new Date(),
): Promise<{ consequence: string }> {
  const { change, actor } = request;
  const where = request.clientId
    ? { id: request.seriesId, clientId: request.clientId }
    : { id: request.seriesId };
  if (change.action === 'skip' || change.action === 'move') {
    const series = await BookingSeries.query(deps.db).findOne(where);
    if (!series) throw notFound('Recurring cleaning');
    const one = { series, clientId: series.clientId, actor, now };
    const run = change.action === 'skip' ? skipVisit : moveVisit;
    const done = await run(deps, one, change as never, request.dryRun);
    await deliverAll(deps, [done.mailId]);
    return { consequence: done.consequence };
  }
  await deps.alerts.ready();
  try {
    const { outcome, mailIds } = await deps.db.transaction(async (trx) => {
      const series = await BookingSeries.query(trx).findOne(where).forUpdate();
      if (!series) throw notFound('Recurring cleaning');
      const before = series.$clone();
      const outcome = await wholeChange({ trx, series, actor, alerts: deps.alerts, now }, change);
      if (request.dryRun) throw new Preview(outcome.consequence);
      const after = await BookingSeries.query(trx).findById(series.id);
      if (request.audit && after) await request.audit(trx, before, after);
      const mailIds = await recordChange(trx, series.id, actor, outcome, null);
      return { outcome, mailIds };
    });
    await deliverAll(deps, mailIds);
    if (outcome.regenerate) await generateSeriesVisits(deps, now, request.seriesId);
    return { consequence: outcome.consequence };
  } catch (error) {
    if (error instanceof Preview) return { consequence: error.consequence };
    throw error;
  }
}

/** The series' history line and its e-mails, in the change's transaction. */
export async function recordChange(
  trx: ChangeContext['trx'],
  seriesId: string,
  actor: Actor,
  outcome: ChangeOutcome,
  bookingId: string | null,
): Promise<string[]> {
  await SeriesEvent.query(trx).insert({
    seriesId,
    bookingId,
    actorId: actor.id,
    kind: outcome.kind,
    summary: outcome.history ?? outcome.consequence,
  });
  const series = await BookingSeries.query(trx).findById(seriesId);
  const client = series && (await User.query(trx).findById(series.clientId));
  const mails = [
    ...(series && client ? [seriesChangeEmail(client, series, outcome.consequence)] : []),
    ...outcome.mails,
  ];
  const ids: string[] = [];
  for (const mail of mails) ids.push(await queueMail(trx, mail));
  return ids;
}
