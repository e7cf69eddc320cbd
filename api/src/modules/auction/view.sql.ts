import { AUCTION_PAGE_SIZE } from '@twinclean/shared/auction';
import type { ServiceType } from '@twinclean/shared/services';
import type { Knex } from 'knex';
import { fullNameSql } from '../../core/sql';

// The admin's auction board list: each post with its job, who posted, claimed or withdrew it, and
// who has the job now.

export type PostRow = {
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

function rows(db: Knex) {
  return db('auctionPosts as p')
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

/** One page of posts, newest first (the id breaks ties), AUCTION_PAGE_SIZE to a page. */
export function postRowsPage(db: Knex, page: number): Promise<PostRow[]> {
  return rows(db)
    .orderBy([
      { column: 'p.postedAt', order: 'desc' },
      { column: 'p.id', order: 'desc' },
    ])
    .limit(AUCTION_PAGE_SIZE)
    .offset((page - 1) * AUCTION_PAGE_SIZE);
}

/** One post as the list shows it. */
export async function postRow(db: Knex, id: string): Promise<PostRow | undefined> {
  return rows(db).where('p.id', id).first();
}
