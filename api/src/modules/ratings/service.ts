import {
  ALREADY_RATED,
  type GivenRating,
  type RatingInput,
  type RatingLinkView,
  type RatingState,
  ratingRefusal,
  ratingState,
} from '@twinclean/shared/ratings';
import { serviceTitle } from '@twinclean/shared/services';
import type { Knex } from 'knex';
import { AppError, notFound } from '../../errors';
import { Booking } from '../../models/booking';
import { Rating } from '../../models/rating';
import { bookingOfRatingToken } from './tokens';

type Visit = Pick<Booking, 'id' | 'clientId' | 'providerId' | 'clockOutAt' | 'canceledAt'>;

/**
 * A reaction to a new rating, wired in app.ts so ratings imports none of them (the owners' alert
 * of a low rating lives in visit-report). Called before the rating's transaction with what is
 * being rated (it may read files, which no transaction may wait on), it answers the work to do
 * inside that transaction, which answers what to do once it has committed.
 */
export type RatingHooks = {
  rated?: (visit: {
    bookingId: string;
    /** Set when a signed-in client rates: the visit must be theirs. */
    clientId?: string;
    stars: number;
    comment: string;
  }) => Promise<((trx: Knex.Transaction) => Promise<() => Promise<void>>) | null>;
};

/** The rating a client gave the visit, as they see it (the comment is theirs, hidden or not). */
async function givenRating(db: Knex, bookingId: string): Promise<GivenRating | null> {
  const row = await Rating.query(db).findOne({ bookingId }).select('stars', 'comment', 'createdAt');
  return row
    ? { stars: row.stars, comment: row.comment, createdAt: row.createdAt.toISOString() }
    : null;
}

/** Where the visit stands for rating, for its client's booking page and the rating link. */
export async function ratingStateOf(
  db: Knex,
  visit: Visit,
  now = new Date(),
): Promise<RatingState> {
  return ratingState(visit, await givenRating(db, visit.id), now);
}

/**
 * Records the client's rating of a completed visit, once, within 14 days of the clock-out
 * (DECISIONS.md "Admin operations"). The booking row is locked so two tabs rating at once are one
 * rating and one 409; the UNIQUE booking_id holds the rule whatever else writes.
 */
async function rate(
  db: Knex,
  where: { id: string; clientId?: string },
  input: RatingInput,
  now: Date,
  hooks: RatingHooks = {},
): Promise<RatingState> {
  // Before the hook's work (a low rating's PDF reads every photo): a link posted again and
  // again is refused at once. The check under the lock below still decides a race.
  if (await Rating.query(db).findOne({ bookingId: where.id }).select('id')) {
    throw new AppError(409, 'already_rated', ALREADY_RATED);
  }
  const reaction = await hooks.rated?.({
    bookingId: where.id,
    ...(where.clientId ? { clientId: where.clientId } : {}),
    stars: input.stars,
    comment: input.comment,
  });
  let afterCommit: (() => Promise<void>) | null = null;
  const state = await db.transaction(async (trx) => {
    const visit: Visit | undefined = await Booking.query(trx)
      .findOne(where)
      .forUpdate()
      .select('id', 'clientId', 'providerId', 'clockOutAt', 'canceledAt');
    if (!visit) throw notFound('Booking');
    if (await Rating.query(trx).findOne({ bookingId: visit.id }).select('id')) {
      throw new AppError(409, 'already_rated', ALREADY_RATED);
    }
    const refusal = ratingRefusal(visit, now);
    if (refusal || !visit.providerId) {
      throw new AppError(409, 'not_ratable', refusal ?? 'This visit has no provider to rate.');
    }
    const row = await Rating.query(trx)
      .insert({
        bookingId: visit.id,
        providerId: visit.providerId,
        clientId: visit.clientId,
        stars: input.stars,
        comment: input.comment,
        createdAt: now,
      })
      .returning(['stars', 'comment', 'createdAt']);
    afterCommit = reaction ? await reaction(trx) : null;
    return ratingState(
      visit,
      { stars: row.stars, comment: row.comment, createdAt: row.createdAt.toISOString() },
      now,
    );
  });
  await (afterCommit as (() => Promise<void>) | null)?.();
  return state;
}

/** POST /api/bookings/{id}/rating: the signed-in client rates their own visit. */
export const rateOwnVisit = (
  db: Knex,
  clientId: string,
  bookingId: string,
  input: RatingInput,
  now = new Date(),
  hooks: RatingHooks = {},
) => rate(db, { id: bookingId, clientId }, input, now, hooks);

const badLink = () => new AppError(404, 'not_found', 'This rating link is not valid.');

async function linkedBookingId(db: Knex, token: string): Promise<string> {
  const id = await bookingOfRatingToken(db, token);
  if (!id) throw badLink();
  return id;
}

/** GET /api/ratings/{token}: the visit a rating link is for, for whoever holds the link. */
export async function ratingLinkView(
  db: Knex,
  token: string,
  now = new Date(),
): Promise<RatingLinkView> {
  const id = await linkedBookingId(db, token);
  const booking = await Booking.query(db).findById(id).withGraphFetched('provider');
  if (!booking) throw badLink();
  return {
    ...(await ratingStateOf(db, booking, now)),
    serviceTitle: serviceTitle(booking.serviceType),
    scheduledDate: booking.scheduledDate,
    clientFirstName: booking.clientFirstName,
    providerFirstName: booking.provider?.firstName ?? null,
  };
}

/** POST /api/ratings/{token}: whoever holds the link rates the visit, for its client. */
export async function rateByLink(
  db: Knex,
  token: string,
  input: RatingInput,
  now = new Date(),
  hooks: RatingHooks = {},
): Promise<RatingState> {
  const id = await linkedBookingId(db, token);
  return rate(db, { id }, input, now, hooks).catch((error: unknown) => {
    throw error instanceof AppError && error.status === 404 ? badLink() : error;
  });
}
