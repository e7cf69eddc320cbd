import { type AuctionPostInput, auctionPhase } from '@twinclean/shared/auction';
import { enteredDollarsToCents } from '@twinclean/shared/money';
import type { Knex } from 'knex';
import { audit } from '../../core/audit';
import { loadPricing } from '../../core/pricing';
import { AppError, notFound } from '../../errors';
import { AuctionPost } from '../../models/auction-post';
import { Booking } from '../../models/booking';
import type { AuctionAlerts } from './alerts';

const conflict = (code: string, message: string) => new AppError(409, code, message);

/**
 * POST /api/admin/auction: puts an unassigned, uncanceled job that has not started on the
 * auction board with a bonus. VIPs have it alone for the configured VIP access period.
 */
export async function postJob(
  db: Knex,
  alerts: AuctionAlerts,
  actorId: string,
  input: AuctionPostInput,
  now = new Date(),
): Promise<string> {
  const bonusCents = enteredDollarsToCents(input.bonus);
  await alerts.ready();
  return db.transaction(async (trx) => {
    // Locked: an accept or assignment waits, so the job is still open when the post commits.
    const booking = await Booking.query(trx).findById(input.bookingId).forUpdate();
    if (!booking) throw notFound('Booking');
    if (booking.canceledAt) throw conflict('booking_canceled', 'This booking is canceled.');
    if (booking.providerId) {
      throw conflict(
        'already_assigned',
        'This job already has a provider; only open jobs can be posted.',
      );
    }
    if (booking.scheduledAt <= now) {
      throw conflict(
        'job_started',
        'This job has already started; only upcoming jobs can be posted.',
      );
    }
    if (await AuctionPost.query(trx).modify('live').findOne({ bookingId: booking.id })) {
      throw conflict('already_posted', 'This job is already on the auction board.');
    }
    const { vipAccessMinutes } = await loadPricing(trx);
    const vipUntil = new Date(now.getTime() + vipAccessMinutes * 60_000);
    const post = await AuctionPost.query(trx).insertAndFetch({
      bookingId: booking.id,
      bonusCents,
      vipUntil,
      postedBy: actorId,
      postedAt: now,
    });
    await audit(trx, {
      actorId,
      action: 'auction.post',
      entity: 'auction_post',
      entityId: post.id,
      before: null,
      after: { bookingId: booking.id, bonusCents, vipUntil: vipUntil.toISOString() },
    });
    await alerts.posted(trx, post, vipAccessMinutes * 60);
    return post.id;
  });
}

const CLOSED: Record<string, string> = {
  claimed: 'This job was already claimed; its post can no longer be withdrawn.',
  expired: 'This post has expired: its job has started or was canceled.',
  withdrawn: 'This post was already withdrawn.',
};

/** POST /api/admin/auction/{id}/withdraw: takes a live post off the board (the job stays open). */
export async function withdrawPost(
  db: Knex,
  actorId: string,
  id: string,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (trx) => {
    const post = await AuctionPost.query(trx).findById(id).forUpdate();
    if (!post) throw notFound('Auction post');
    const booking = await Booking.query(trx).findById(post.bookingId).forUpdate().throwIfNotFound();
    const phase = auctionPhase(
      { ...post, startsAt: booking.scheduledAt, canceledAt: booking.canceledAt },
      now,
    );
    const closed = CLOSED[phase];
    if (closed) throw conflict(`auction_${phase}`, closed);
    await post.$query(trx).patch({ withdrawnAt: now, withdrawnBy: actorId });
    await audit(trx, {
      actorId,
      action: 'auction.withdraw',
      entity: 'auction_post',
      entityId: post.id,
      before: { phase },
      after: { phase: 'withdrawn' },
    });
  });
}

/**
 * The job of a live post got its provider (an accept from the board, or an admin's assignment),
 * in that transaction: the post is claimed by them, and pays them its bonus at clock-out.
 */
export async function recordClaim(
  trx: Knex.Transaction,
  bookingId: string,
  providerId: string,
): Promise<void> {
  await AuctionPost.query(trx)
    .modify('live')
    .where({ bookingId })
    .whereNull('claimedAt')
    .patch({ claimedBy: providerId, claimedAt: new Date() });
}

/**
 * An admin took the job back from the provider who claimed it: the post is offered again, bonus
 * and all, to whoever takes the job next (the audit log keeps the unassignment).
 */
export async function releaseClaim(trx: Knex.Transaction, bookingId: string): Promise<void> {
  await AuctionPost.query(trx)
    .modify('live')
    .where({ bookingId })
    .whereNotNull('claimedAt')
    .patch({ claimedBy: null, claimedAt: null });
}

/** The bonus a provider earns on this job: the post they claimed it from, if not withdrawn. */
export async function bonusFor(db: Knex, bookingId: string, providerId: string): Promise<number> {
  return (await bonusesFor(db, [bookingId], providerId)).get(bookingId) ?? 0;
}

/** bonusFor over many jobs at once: each job's bonus by its id (jobs with none are absent). */
export async function bonusesFor(
  db: Knex,
  bookingIds: readonly string[],
  providerId: string,
): Promise<Map<string, number>> {
  if (bookingIds.length === 0) return new Map();
  const posts = await AuctionPost.query(db)
    .modify('live')
    .whereIn('bookingId', bookingIds)
    .where({ claimedBy: providerId })
    .select('bookingId', 'bonusCents');
  return new Map(posts.map((post) => [post.bookingId, post.bonusCents]));
}
