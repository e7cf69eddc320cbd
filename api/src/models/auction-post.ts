import { BaseModel } from './base-model';

/**
 * The post offering a `bookings` row now: live and not yet claimed (SQL, aliased `post`). Its
 * VIP window (vip_until) is the caller's to compare with its clock.
 */
export const OFFERED_POST_SQL =
  'post.booking_id = bookings.id AND post.withdrawn_at IS NULL AND post.claimed_at IS NULL';

/** A job posted to the auction board with a bonus (api/db/migrations/…_create-auction-posts.ts). */
export class AuctionPost extends BaseModel {
  static override tableName = 'auction_posts';

  declare id: string;
  declare bookingId: string;
  declare bonusCents: number;
  /** VIP providers have the job alone until then. */
  declare vipUntil: Date;
  declare postedBy: string | null;
  declare postedAt: Date;
  declare withdrawnAt: Date | null;
  declare withdrawnBy: string | null;
  /** Who got the job while the post was live, and when (a provider's accept or an admin's). */
  declare claimedBy: string | null;
  declare claimedAt: Date | null;
  /** When the providers outside the VIP window were alerted: once, at the window's end. */
  declare restAlertedAt: Date | null;

  static override modifiers = {
    /** Not withdrawn: at most one per booking. */
    live: (query: ReturnType<typeof AuctionPost.query>) => query.whereNull('withdrawnAt'),
  };
}
