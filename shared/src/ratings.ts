import * as z from 'zod/mini';
import { countParam, pageNumberSchema, pageOf } from './admin-pages';

// DECISIONS.md "Admin operations": a client rates a completed visit 1–5 with an optional comment,
// once, within 14 days of the clock-out. The rule is here, pure, with the clock passed in: the
// server enforces it and the portal shows what it allows.

export const RATING_DAYS = 14;
export const RATING_COMMENT_MAX = 1000;
export const RATING_STARS = [1, 2, 3, 4, 5] as const;

/** POST /api/bookings/{id}/rating and POST /api/ratings/{token}. */
export const ratingInputSchema = z.object({
  stars: z
    .number('Choose 1 to 5 stars')
    .check(
      z.int('Choose 1 to 5 stars'),
      z.gte(1, 'Choose 1 to 5 stars'),
      z.lte(5, 'Choose 1 to 5 stars'),
    ),
  comment: z._default(
    z
      .string('The comment must be text')
      .check(
        z.trim(),
        z.maxLength(RATING_COMMENT_MAX, `Keep the comment to ${RATING_COMMENT_MAX} characters`),
      ),
    '',
  ),
});
export type RatingInput = z.infer<typeof ratingInputSchema>;

/** A rating as its client sees it. */
export const givenRatingSchema = z.object({
  stars: z.number(),
  comment: z.string(),
  createdAt: z.string(),
});
export type GivenRating = z.infer<typeof givenRatingSchema>;

/**
 * Where a visit stands for rating: `rating` once given; else whether it can be rated now, until
 * when, and if not, why (shown as is).
 */
export const ratingStateSchema = z.object({
  rating: z.nullable(givenRatingSchema),
  canRate: z.boolean(),
  rateUntil: z.nullable(z.string()),
  reason: z.nullable(z.string()),
});
export type RatingState = z.infer<typeof ratingStateSchema>;

const DAY_MS = 86_400_000;

/** The visit facts the rule reads. */
export type RatableVisit = { clockOutAt: Date | null; canceledAt: Date | null };

/** The last moment a visit clocked out at `clockOutAt` can be rated. */
export const rateUntil = (clockOutAt: Date) =>
  new Date(clockOutAt.getTime() + RATING_DAYS * DAY_MS);

/** Why the visit cannot be rated at `now`, or null when it can (given no rating yet). */
export function ratingRefusal(visit: RatableVisit, now: Date): string | null {
  if (visit.canceledAt) return 'This visit was canceled, so there is nothing to rate.';
  if (!visit.clockOutAt) return 'You can rate this visit once it is complete.';
  if (now > rateUntil(visit.clockOutAt)) {
    return `Visits can be rated for ${RATING_DAYS} days after they are complete, and this one's time has passed.`;
  }
  return null;
}

export const ALREADY_RATED = 'You have already rated this visit.';

/** The state for a visit, its rating (if any) and the clock. */
export function ratingState(
  visit: RatableVisit,
  given: GivenRating | null,
  now: Date,
): RatingState {
  const refusal = given ? ALREADY_RATED : ratingRefusal(visit, now);
  return {
    rating: given,
    canRate: refusal === null,
    rateUntil:
      visit.clockOutAt && !visit.canceledAt ? rateUntil(visit.clockOutAt).toISOString() : null,
    reason: refusal,
  };
}

/** GET /api/ratings/{token}: the visit a rating link is for, and where it stands. */
export const ratingLinkViewSchema = z.extend(ratingStateSchema, {
  serviceTitle: z.string(),
  scheduledDate: z.string(),
  clientFirstName: z.string(),
  providerFirstName: z.nullable(z.string()),
});
export type RatingLinkView = z.infer<typeof ratingLinkViewSchema>;

/** The rating link's token in a path: our tokens are an id, an underscore and a base64url MAC. */
export const ratingTokenParamsSchema = z.object({
  token: z
    .string()
    .check(
      z.maxLength(200, 'This rating link is not valid.'),
      z.regex(/^[0-9a-fA-F-]{36}_[\w-]{43}$/, 'This rating link is not valid.'),
    ),
});

/** GET /api/admin/providers/{id}/ratings. */
export const ADMIN_RATINGS_PAGE_SIZE = 10;
export const adminRatingsQuerySchema = z.object({
  page: z._default(pageNumberSchema, 1),
  pageSize: z._default(countParam('Page size', 50), ADMIN_RATINGS_PAGE_SIZE),
});
export type AdminRatingsQuery = z.infer<typeof adminRatingsQuerySchema>;

/** One rating as an admin sees it: a hidden comment is still shown to them, marked. */
export const adminRatingSchema = z.object({
  id: z.string(),
  bookingId: z.string(),
  stars: z.number(),
  comment: z.string(),
  createdAt: z.string(),
  clientName: z.string(),
  commentHiddenAt: z.nullable(z.string()),
  commentHiddenBy: z.nullable(z.string()),
});
export type AdminRating = z.infer<typeof adminRatingSchema>;

export const adminRatingPageSchema = z.extend(pageOf(adminRatingSchema), {
  /** The provider's rating (the average of their last 50), null for N/A, and how many in all. */
  rating: z.nullable(z.number()),
  ratedJobs: z.number(),
});
export type AdminRatingPage = z.infer<typeof adminRatingPageSchema>;
