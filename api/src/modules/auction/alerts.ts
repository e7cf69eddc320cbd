import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { z } from 'zod';
import { CARD_GRAPH, cardSource, toOpenJob } from '../../core/job-card';
import { loadPricing } from '../../core/pricing';
import type { JobQueue } from '../../jobs/queue';
import { AuctionPost } from '../../models/auction-post';
import { Booking } from '../../models/booking';
import { urgentJobAlert } from '../push/alerts';
import { PUSH, type Push } from '../push/push-queue';
import { subscriptionsCoveringJob } from '../push/recipients';
import { vipAmong } from './vip';

// The auction board's alerts: VIPs whose week the job fits hear of it when it is posted, in the
// transaction that posts it; the rest when the VIP window ends, by a job queued in that same
// transaction to start then. Each push joins the job-alert push queue, so a "job taken" later
// replaces it like any new-job alert.

export const WINDOW_ENDED = 'auction.window-ended';
const windowEndedSchema = z.object({ postId: z.string().uuid() });

type Post = { id: string; bookingId: string; bonusCents: number };

/** The urgent push to each subscribed phone of these providers (VIPs or not) the job fits. */
async function queueUrgentPushes(
  trx: Knex.Transaction,
  queue: JobQueue,
  post: Post,
  vips: boolean,
): Promise<number> {
  // Joined: one query where a fetched graph needs one per relation, each a round trip on the
  // transaction's one connection (BaseModel sends them one at a time there).
  const booking = await Booking.query(trx)
    .modify('openJobs')
    .findById(post.bookingId)
    .withGraphJoined(CARD_GRAPH);
  if (!booking) return 0;
  const phones = await subscriptionsCoveringJob(trx, post.bookingId);
  const vip = await vipAmong(
    trx,
    phones.map((phone) => phone.userId),
  );
  const message = urgentJobAlert(
    toOpenJob(cardSource(booking), await loadPricing(trx)),
    post.bonusCents,
  );
  const chosen = phones.filter((phone) => vip.has(phone.userId) === vips);
  for (const phone of chosen) {
    const push: Push = {
      subscriptionId: phone.id,
      userId: phone.userId,
      bookingId: post.bookingId,
      kind: 'opened',
      message,
    };
    await queue.send(PUSH, push, { within: trx });
  }
  return chosen.length;
}

export type AuctionAlerts = {
  /** Before the transaction that posts (see JobQueue.prepare). */
  ready(): Promise<void>;
  /** A job was posted: VIPs now, the rest when the window ends (in the posting transaction). */
  posted(trx: Knex.Transaction, post: Post, windowSeconds: number): Promise<void>;
};

export function auctionAlerts(queue: JobQueue): AuctionAlerts {
  return {
    ready: () => queue.prepare([WINDOW_ENDED, PUSH]),
    async posted(trx, post, windowSeconds) {
      await queueUrgentPushes(trx, queue, post, true);
      await queue.send(
        WINDOW_ENDED,
        { postId: post.id },
        { startAfterSeconds: windowSeconds, within: trx },
      );
    },
  };
}

/**
 * The window of this post ended: alert the providers who were not VIP, once. The post's row is
 * locked and marked in the transaction that queues the pushes, so a retry or a second worker
 * finds it marked and sends nothing; a post withdrawn or claimed by then alerts nobody.
 * Answers how many phones were alerted.
 */
export async function alertTheRest(db: Knex, queue: JobQueue, postId: string): Promise<number> {
  await queue.prepare([PUSH]);
  return db.transaction(async (trx) => {
    const post = await AuctionPost.query(trx).findById(postId).forUpdate();
    if (!post || post.restAlertedAt || post.withdrawnAt || post.claimedAt) return 0;
    await post.$query(trx).patch({ restAlertedAt: new Date() });
    return queueUrgentPushes(trx, queue, post, false);
  });
}

/** Runs the window-end worker in this process (started with the job-alert workers). */
export async function startAuctionWorker(deps: {
  queue: JobQueue;
  db: Knex;
  logger: Logger;
}): Promise<void> {
  await deps.queue.work(WINDOW_ENDED, async (data) => {
    const { postId } = windowEndedSchema.parse(data);
    const sent = await alertTheRest(deps.db, deps.queue, postId);
    deps.logger.info({ postId, sent }, 'auction window ended');
  });
}
