import {
  AUCTION_PAGE_SIZE,
  type AuctionList,
  type AuctionListQuery,
  type AuctionPost as AuctionPostView,
  auctionPhase,
} from '@twinclean/shared/auction';
import { centsToDollars } from '@twinclean/shared/money';
import { jobTitle } from '@twinclean/shared/provider-jobs';
import type { Knex } from 'knex';
import { AuctionPost } from '../../models/auction-post';
import { type PostRow, postRow, postRowsPage } from './view.sql';

function toView(row: PostRow, now: Date): AuctionPostView {
  return {
    id: row.id,
    bookingId: row.bookingId,
    phase: auctionPhase({ ...row, startsAt: row.scheduledAt }, now),
    bonus: centsToDollars(row.bonusCents),
    postedAt: row.postedAt.toISOString(),
    postedBy: row.poster,
    vipUntil: row.vipUntil.toISOString(),
    startsAt: row.scheduledAt.toISOString(),
    job: {
      serviceType: row.serviceType,
      title: jobTitle(row),
      scheduledDate: row.scheduledDate,
      scheduledTime: row.scheduledTime,
      city: row.city,
      providerName: row.providerName,
    },
    claim:
      row.claimedAt && row.claimer
        ? { provider: row.claimer, at: row.claimedAt.toISOString() }
        : null,
    withdrawn: row.withdrawnAt ? { by: row.withdrawer, at: row.withdrawnAt.toISOString() } : null,
    restAlertedAt: row.restAlertedAt?.toISOString() ?? null,
  };
}

/** GET /api/admin/auction: newest posts first, each in its phase at `now`. */
export async function listPosts(
  db: Knex,
  query: AuctionListQuery,
  now = new Date(),
): Promise<AuctionList> {
  const page = query.page ?? 1;
  const [items, total] = await Promise.all([
    postRowsPage(db, page),
    AuctionPost.query(db).resultSize(),
  ]);
  return {
    items: items.map((row) => toView(row, now)),
    page,
    pageSize: AUCTION_PAGE_SIZE,
    total,
    now: now.toISOString(),
  };
}

/** One post as the list shows it. */
export async function postView(db: Knex, id: string, now = new Date()): Promise<AuctionPostView> {
  const row = await postRow(db, id);
  if (!row) throw new Error(`auction post ${id} vanished`);
  return toView(row, now);
}
