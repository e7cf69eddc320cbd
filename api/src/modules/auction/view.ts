import {
  AUCTION_PAGE_SIZE,
  type AuctionList,
  type AuctionListQuery,
  type AuctionPost as AuctionPostView,
  auctionPhase,
} from '@twinclean/shared/auction';
import { centsToDollars } from '@twinclean/shared/money';
import { jobTitle } from '@twinclean/shared/provider-jobs';
import type { ServiceType } from '@twinclean/shared/services';
import type { Knex } from 'knex';
import { fullNameSql } from '../../core/sql';
import { AuctionPost } from '../../models/auction-post';

type Row = {
  id: string;
  bookingId: string;
  bonusCents: number;
  vipUntil: Date;
  postedAt: Date;
  withdrawnAt: Date | null;
  claimedAt: Date | null;
  restAlertedAt: Date | null;
  scheduledAt: Date;
  canceledAt: Date | null;
  serviceType: ServiceType;
  homeSize: 'small' | 'medium' | 'large' | null;
  scheduledDate: string;
  scheduledTime: string;
  city: string;
  poster: { id: string; name: string } | null;
  claimer: { id: string; name: string } | null;
  withdrawer: { id: string; name: string } | null;
  providerName: string | null;
};

const person = (alias: string) =>
  `CASE WHEN ${alias}.id IS NULL THEN NULL ELSE json_build_object('id', ${alias}.id, 'name', ${fullNameSql(alias)}) END`;

/** Each post with its job, who posted, claimed or withdrew it, and who has the job now. */
function rows(db: Knex) {
  return AuctionPost.query(db)
    .alias('p')
    .join('bookings as b', 'b.id', 'p.bookingId')
    .leftJoin('houseCleaningDetails as h', 'h.bookingId', 'b.id')
    .leftJoin('users as poster', 'poster.id', 'p.postedBy')
    .leftJoin('users as claimer', 'claimer.id', 'p.claimedBy')
    .leftJoin('users as withdrawer', 'withdrawer.id', 'p.withdrawnBy')
    .leftJoin('users as provider', 'provider.id', 'b.providerId')
    .select(
      'p.id',
      'p.bookingId',
      'p.bonusCents',
      'p.vipUntil',
      'p.postedAt',
      'p.withdrawnAt',
      'p.claimedAt',
      'p.restAlertedAt',
      'b.scheduledAt',
      'b.canceledAt',
      'b.serviceType',
      'h.homeSize',
      'b.scheduledDate',
      'b.scheduledTime',
      'b.city',
      db.raw(`${person('poster')} AS poster`),
      db.raw(`${person('claimer')} AS claimer`),
      db.raw(`${person('withdrawer')} AS withdrawer`),
      db.raw(`${fullNameSql('provider')} AS provider_name`),
    );
}

function toView(row: Row, now: Date): AuctionPostView {
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
    rows(db)
      .orderBy([
        { column: 'p.postedAt', order: 'desc' },
        { column: 'p.id', order: 'desc' },
      ])
      .limit(AUCTION_PAGE_SIZE)
      .offset((page - 1) * AUCTION_PAGE_SIZE) as unknown as Promise<Row[]>,
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
  const row = (await rows(db).where('p.id', id).first()) as unknown as Row | undefined;
  if (!row) throw new Error(`auction post ${id} vanished`);
  return toView(row, now);
}
