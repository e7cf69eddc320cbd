import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { PushSender } from '../../adapters/push';
import { CARD_GRAPH, cardSource, toOpenJob } from '../../core/job-card';
import { loadPricing } from '../../core/pricing';
import type { JobQueue } from '../../jobs/queue';
import { Booking } from '../../models/booking';
import { JobAlertSent } from '../../models/job-alert-sent';
import { PushSubscription } from '../../models/push-subscription';
import { jobTakenAlert, newJobAlert } from './alerts';
import { PUSH, type Push, pushSchema } from './push-queue';
import { subscriptionsCoveringJob } from './recipients';

// One job per event fans out to one job per subscription, so a slow or failing push service
// delays (and retries) only its own phones, never a resend to the rest. Pushes run 50 at a time.
const JOB_OPENED = 'job-alerts.opened';
const JOB_TAKEN = 'job-alerts.taken';

const eventSchema = z.object({
  bookingId: z.string().uuid(),
  takenBy: z.string().uuid().optional(),
});

/** A push service that is down gets 7 more tries, 30 s to 32 min apart: about an hour. */
const MAX_RETRIES = 7;
const retryDelaySeconds = (attempt: number) => 30 * 2 ** attempt;
const MAX_RETRY_DELAY_SECONDS = 60 * 60;

/** Phones alerted at once by one worker: a new job reaches everyone within seconds. */
const PUSH_BATCH = 50;

export type JobAlerts = {
  /** Before the transaction that queues an alert (see JobQueue.prepare); never throws. */
  ready(): Promise<void>;
  /** A booking reached the job board (in the transaction that puts it there). */
  opened(bookingId: string, trx: Knex.Transaction): Promise<void>;
  /** A provider accepted it: the others' alerts say it is gone. */
  taken(bookingId: string, takenBy: string, trx: Knex.Transaction): Promise<void>;
};

/**
 * Queues job alerts for the workers in the booking's or accept's own transaction, so an alert
 * exists exactly when what it announces does. A failed enqueue rolls back to its savepoint and
 * is logged: the booking matters more than its alert.
 */
export function jobAlerts(queue: JobQueue, logger: Logger): JobAlerts {
  const send = async (name: string, data: z.infer<typeof eventSchema>, trx: Knex.Transaction) => {
    try {
      await trx.transaction((savepoint) => queue.send(name, data, { within: savepoint }));
    } catch (error) {
      logger.error({ err: error, ...data }, 'could not queue a job alert');
    }
  };
  return {
    ready: () =>
      queue.prepare([JOB_OPENED, JOB_TAKEN]).catch((error: unknown) => {
        logger.error({ err: error }, 'job queue not ready: alerts will be missed');
      }),
    opened: (bookingId, trx) => send(JOB_OPENED, { bookingId }, trx),
    taken: (bookingId, takenBy, trx) => send(JOB_TAKEN, { bookingId, takenBy }, trx),
  };
}

async function providerView(bookingId: string, openOnly: boolean) {
  const query = Booking.query().findById(bookingId).withGraphFetched(CARD_GRAPH);
  if (openOnly) query.modify('openJobs');
  const booking = await query;
  if (!booking) return undefined;
  return toOpenJob(cardSource(booking), await loadPricing());
}

/** One indexed lookup per push, not the whole job view the message was built from. */
const stillOpen = async (bookingId: string) =>
  Boolean(await Booking.query().modify('openJobs').findById(bookingId).select('bookings.id'));

/** The phones that will hear about this job: those it fits, or for "taken" those that were told. */
async function recipients(db: Knex, kind: Push['kind'], bookingId: string, takenBy?: string) {
  if (kind === 'opened') return subscriptionsCoveringJob(db, bookingId);
  const told = JobAlertSent.query(db).where({ bookingId }).select('subscriptionId');
  return PushSubscription.query(db)
    .whereIn('id', told)
    .modify((q) => (takenBy ? q.whereNot('userId', takenBy) : q));
}

/** Runs the job-alert workers in this process. */
export async function startJobAlertWorkers(deps: {
  queue: JobQueue;
  db: Knex;
  sender: PushSender;
  logger: Logger;
}): Promise<void> {
  const { queue, db, sender, logger } = deps;

  const fanOut = async (kind: Push['kind'], data: unknown) => {
    const { bookingId, takenBy } = eventSchema.parse(data);
    const job = await providerView(bookingId, kind === 'opened');
    if (!job) return;
    const message = kind === 'opened' ? newJobAlert(job) : jobTakenAlert(job);
    const phones = await recipients(db, kind, bookingId, takenBy);
    await queue.sendMany(
      PUSH,
      phones.map(
        (s): Push => ({ subscriptionId: s.id, userId: s.userId, bookingId, kind, message }),
      ),
    );
  };

  const push = async (data: unknown) => {
    const job = pushSchema.parse(data);
    const subscription = await PushSubscription.query(db).findById(job.subscriptionId);
    if (subscription?.userId !== job.userId) return;
    // A late "new job" must not land after the job was taken and replace "job taken".
    if (job.kind === 'opened' && !(await stillOpen(job.bookingId))) return;
    // The push service keeps only a topic's newest message for a phone that is offline.
    const topic = job.bookingId.replaceAll('-', '');
    const outcome = await sender.send(subscription, job.message, { topic });
    switch (outcome.kind) {
      case 'sent':
        await subscription.$query(db).patch({ lastSuccessAt: new Date() });
        if (job.kind === 'opened') {
          await JobAlertSent.query(db)
            .insert({ bookingId: job.bookingId, subscriptionId: subscription.id })
            .onConflict(['bookingId', 'subscriptionId'])
            .ignore();
        }
        return;
      case 'gone':
        await subscription.$query(db).delete();
        return;
      case 'refused':
        logger.warn({ subscriptionId: subscription.id, reason: outcome.reason }, 'push refused');
        return;
      case 'retry':
        if (job.attempt >= MAX_RETRIES) {
          logger.warn({ subscriptionId: subscription.id, reason: outcome.reason }, 'push given up');
          return;
        }
        await queue.send(PUSH, { ...job, attempt: job.attempt + 1 } satisfies Push, {
          startAfterSeconds: Math.min(
            outcome.afterSeconds ?? retryDelaySeconds(job.attempt),
            MAX_RETRY_DELAY_SECONDS,
          ),
        });
    }
  };

  await queue.work(JOB_OPENED, (data) => fanOut('opened', data));
  await queue.work(JOB_TAKEN, (data) => fanOut('taken', data));
  await queue.work(PUSH, push, { batchSize: PUSH_BATCH });
}
