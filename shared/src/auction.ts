import * as z from 'zod/mini';
import { pageNumberSchema, pageOf } from './admin-pages';
import { dollarsSchema, enteredDollarsToCents, formatDollars } from './money';
import { serviceTypeSchema } from './services';

// The auction board (DECISIONS.md "Admin operations"): an admin posts an unassigned job with a
// bonus on top of the provider's pay. VIP providers see it alone for the VIP access period (the
// pricing config's vipAccessMinutes), then every provider whose week it fits; the first to
// accept it claims it, exactly like any job on the board.

export const auctionPhaseSchema = z.enum(['vip_window', 'open', 'claimed', 'expired', 'withdrawn']);
export type AuctionPhase = z.infer<typeof auctionPhaseSchema>;

export const AUCTION_PHASE_LABELS: Record<AuctionPhase, string> = {
  vip_window: 'VIP window',
  open: 'Open to all',
  claimed: 'Claimed',
  expired: 'Expired',
  withdrawn: 'Withdrawn',
};

/** What decides a post's phase; the clock is passed in, so a test can stand anywhere in time. */
export type PhaseFacts = {
  vipUntil: Date;
  startsAt: Date;
  withdrawnAt: Date | null;
  claimedAt: Date | null;
  canceledAt: Date | null;
};

/**
 * Withdrawn and claimed are outcomes that stay; a post nobody claimed expires when its job
 * starts (or is canceled); until then it is in its VIP window, then open to all.
 */
export function auctionPhase(post: PhaseFacts, now: Date): AuctionPhase {
  if (post.withdrawnAt) return 'withdrawn';
  if (post.claimedAt) return 'claimed';
  if (post.canceledAt || post.startsAt <= now) return 'expired';
  return now < post.vipUntil ? 'vip_window' : 'open';
}

/** Phases in which the post still offers its job (and an admin may withdraw it). */
export const isLive = (phase: AuctionPhase) => phase === 'vip_window' || phase === 'open';

const BONUS = /^\d{1,4}(\.\d{1,2})?$/;
export const MIN_BONUS_CENTS = 100;
export const MAX_BONUS_CENTS = 50_000;

/** POST /api/admin/auction: the job and its bonus in dollars as typed ("25", "25.50"). */
export const auctionPostInputSchema = z.object({
  bookingId: z.string('Choose a job to post').check(z.uuid('Choose a job to post')),
  bonus: z.string('Enter a bonus').check(
    z.trim(),
    z.regex(BONUS, 'Enter the bonus in dollars, like 25.00'),
    z.refine(
      (text) => {
        if (!BONUS.test(text)) return true;
        const cents = enteredDollarsToCents(text);
        return cents >= MIN_BONUS_CENTS && cents <= MAX_BONUS_CENTS;
      },
      `The bonus must be from ${formatDollars(MIN_BONUS_CENTS)} to ${formatDollars(MAX_BONUS_CENTS)}`,
    ),
  ),
});
export type AuctionPostInput = z.infer<typeof auctionPostInputSchema>;

const personSchema = z.object({ id: z.string(), name: z.string() });

/** One posted job as the admin page shows it. */
export const auctionPostSchema = z.object({
  id: z.string(),
  bookingId: z.string(),
  phase: auctionPhaseSchema,
  bonus: dollarsSchema,
  postedAt: z.string(),
  postedBy: z.nullable(personSchema),
  /** When VIP providers stop having it alone (the rest are alerted then). */
  vipUntil: z.string(),
  /** When the job starts: the post expires then if nobody claimed it. */
  startsAt: z.string(),
  job: z.object({
    serviceType: serviceTypeSchema,
    title: z.string(),
    scheduledDate: z.string(),
    scheduledTime: z.string(),
    city: z.string(),
    /** Who has the job now (after a claim, or an admin's assignment); null while open. */
    providerName: z.nullable(z.string()),
  }),
  claim: z.nullable(z.object({ provider: personSchema, at: z.string() })),
  withdrawn: z.nullable(z.object({ by: z.nullable(personSchema), at: z.string() })),
  /** When the providers outside the VIP window were alerted; null until then (or never). */
  restAlertedAt: z.nullable(z.string()),
});
export type AuctionPost = z.infer<typeof auctionPostSchema>;

export const AUCTION_PAGE_SIZE = 25;
export const auctionListQuerySchema = z.object({ page: pageNumberSchema });
export type AuctionListQuery = z.infer<typeof auctionListQuerySchema>;
export const auctionListSchema = z.extend(pageOf(auctionPostSchema), {
  /** The server's clock, so a countdown on a phone with a wrong clock is still right. */
  now: z.string(),
});
export type AuctionList = z.infer<typeof auctionListSchema>;

/** The answer to a post and to a withdrawal. */
export const auctionAnswerSchema = z.object({ message: z.string(), post: auctionPostSchema });
export type AuctionAnswer = z.infer<typeof auctionAnswerSchema>;
