import { pushMessageSchema } from '@twinclean/shared/push';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { PushSender } from '../../adapters/push';
import type { JobQueue, RetryPolicy } from '../../jobs/queue';
import { Booking } from '../../models/booking';
import { PushSubscription } from '../../models/push-subscription';
import { loadPricing } from '../pricing/service';
import { toOpenJob } from '../provider/job-board';
import { jobTakenAlert, newJobAlert } from './alerts';
import { subscriptionsCoveringJob } from './recipients';

// One job per event fans out to one job per subscription, so a slow or failing push service
// delays (and retries) only its own phones, never a resend to the rest.
const JOB_OPENED = 'job-alerts.opened';
const JOB_TAKEN = 'job-alerts.taken';
const PUSH = 'job-alerts.push';

const eventSchema = z.object({
  bookingId: z.string().uuid(),
  takenBy: z.string().uuid().optional(),
});
const pushSchema = z.object({
  subscriptionId: z.string().uuid(),
  bookingId: z.string().uuid(),
  kind: z.enum(['opened', 'taken']),
  message: pushMessageSchema,
});
type Push = z.infer<typeof pushSchema>;

/** A push service that is down gets about an hour of retries: 30 s, 1 min, 2 min, … */
const PUSH_RETRY: RetryPolicy = { retryLimit: 7, retryDelay: 30, retryBackoff: true };

export type JobAlerts = {
  /** A booking reached the job board. */
  opened(bookingId: string): Promise<void>;
  /** A provider accepted it: the others' alerts say it is gone. */
  taken(bookingId: string, takenBy: string): Promise<void>;
};

/**
 * Queues job alerts for the workers. The booking or accept is already committed when this
 * runs, so a queue failure is logged, never turned into a failed request the user would retry.
 */
export function jobAlerts(queue: JobQueue, logger: Logger): JobAlerts {
  const send = async (name: string, data: z.infer<typeof eventSchema>) => {
    try {
      await queue.send(name, data);
    } catch (error) {
      logger.error({ err: error, ...data }, 'could not queue a job alert');
    }
  };
  return {
    opened: (bookingId) => send(JOB_OPENED, { bookingId }),
    taken: (bookingId, takenBy) => send(JOB_TAKEN, { bookingId, takenBy }),
  };
}

async function providerView(bookingId: string, openOnly: boolean) {
  const query = Booking.query().findById(bookingId).withGraphFetched('houseDetails');
  if (openOnly) query.modify('openJobs');
  const booking = await query;
  if (!booking) return undefined;
  return toOpenJob(booking, (await loadPricing()).providerHourlyRateCents);
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
    const subscriptions = await subscriptionsCoveringJob(db, bookingId, takenBy);
    await queue.sendMany(
      PUSH,
      subscriptions.map((s): Push => ({ subscriptionId: s.id, bookingId, kind, message })),
      PUSH_RETRY,
    );
  };

  await queue.work(JOB_OPENED, (data) => fanOut('opened', data));
  await queue.work(JOB_TAKEN, (data) => fanOut('taken', data));
  await queue.work(PUSH, async (data) => {
    const push = pushSchema.parse(data);
    const subscription = await PushSubscription.query().findById(push.subscriptionId);
    if (!subscription) return;
    // A retried "new job" must not land after the job was taken and replace "job taken".
    if (push.kind === 'opened' && !(await providerView(push.bookingId, true))) return;
    // The push service keeps only a topic's newest message for a phone that is offline.
    const topic = push.bookingId.replaceAll('-', '');
    const outcome = await sender.send(subscription, push.message, { topic });
    switch (outcome.kind) {
      case 'sent':
        await subscription.$query().patch({ lastSuccessAt: new Date() });
        return;
      case 'gone':
        await subscription.$query().delete();
        return;
      case 'refused':
        logger.warn({ endpoint: subscription.endpoint, reason: outcome.reason }, 'push refused');
        return;
      case 'retry':
        throw new Error(outcome.reason);
    }
  });
}
